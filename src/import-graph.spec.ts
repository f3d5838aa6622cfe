import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Issue 27: no folder of src/ imports one that imports it back. The same analysis as `node scripts/import-graph.js`
 * (which prints the imports behind each pair), run here so that a new pair fails the unit suite.
 *
 * The pairs still open are listed, each with the work that removes it; the lists must match exactly, so a pair
 * that goes away is struck off here too, and the lists only shrink.
 */
interface ImportGraph {
  readonly edges: ReadonlyMap<string, readonly string[]>;
  readonly pairs: readonly (readonly [string, string])[];
  /** Folders that reach each other through chains of any length. */
  readonly cycles: readonly (readonly string[])[];
}
const { importGraph } = require('../scripts/import-graph') as {
  importGraph: (root: string, options?: { specs?: boolean }) => ImportGraph;
};

const SRC = __dirname;

/** Pairs in production code still to break: none. */
const OPEN_PAIRS: readonly string[] = [];

/** Folders still in a longer cycle: none. */
const OPEN_CYCLES: readonly (readonly string[])[] = [];

/** Pairs that only specs add: none. */
const OPEN_SPEC_PAIRS: readonly string[] = [];

const named = (graph: ImportGraph): string[] => graph.pairs.map(([a, b]) => `${a} <-> ${b}`);

describe('the folder import graph of src/', () => {
  it('has no pair of folders importing each other', () => {
    expect(named(importGraph(SRC))).toEqual([...OPEN_PAIRS].sort());
  });

  it('has no longer cycle either', () => {
    expect(importGraph(SRC).cycles).toEqual(OPEN_CYCLES);
  });

  it('has none either with the specs counted, apart from the open ones listed', () => {
    expect(named(importGraph(SRC, { specs: true }))).toEqual([...OPEN_PAIRS, ...OPEN_SPEC_PAIRS].sort());
  });

  it('finds a pair in a tree made to have one, spec files left out unless asked', () => {
    const root = mkdtempSync(join(tmpdir(), 'import-graph-'));
    try {
      const write = (path: string, text: string): void => {
        mkdirSync(join(root, path, '..'), { recursive: true });
        writeFileSync(join(root, path), text);
      };
      write('a/one.ts', "import { two } from '../b/two';\nexport const one = two;\n");
      write('b/two.ts', "export { three as two } from '../c/three';\n");
      write('c/three.ts', 'export const three = 3;\n');
      write('c/three.spec.ts', "import { two } from '../b/two';\n");
      write('b/lazy.ts', "export const load = () => import('../a/one');\n");
      expect(named(importGraph(root))).toEqual(['a <-> b']);
      expect(named(importGraph(root, { specs: true }))).toEqual(['a <-> b', 'b <-> c']);
      expect(importGraph(root).edges.get('b -> a')).toEqual(['b/lazy.ts : ../a/one']);
      write('c/back.ts', "import { one } from '../a/one';\n");
      expect(importGraph(root).cycles).toEqual([['a', 'b', 'c']]);
      // A folder's index, imported by the folder's name, counts for that folder (not for the root).
      write('d/index.ts', "export { one } from '../a/one';\n");
      write('a/uses-d.ts', "import { one } from '../d';\n");
      expect(named(importGraph(root))).toEqual(['a <-> b', 'a <-> d']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
