/**
 * The README documents every error code (with its status) and every environment variable the server reads, the
 * latter in one table (docs/api.md's rule that the README is the reference): a code or a variable added to the
 * source without its row fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_STATUS } from '../src/common/api-error';

const root = join(__dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const rows = readme.split('\n').filter((line) => line.startsWith('| `'));

/** The variables a source file reads from the environment (`env.NAME`, or `'NAME'` handed to a reader). */
function variablesOf(path: string, pattern: RegExp): string[] {
  return [...new Set([...readFileSync(join(root, path), 'utf8').matchAll(pattern)].map((m) => m[1] as string))];
}

describe('the README', () => {
  it('lists every error code with its status', () => {
    const listed = new Map(rows.map((r) => r.split('|').map((c) => c.trim())).filter((c) => /^`[A-Z_]+`$/.test(c[1] ?? '') && /^\d{3}$/.test(c[2] ?? '')).map((c) => [c[1]!.slice(1, -1), Number(c[2])]));
    const missing = Object.entries(ERROR_STATUS).filter(([code, status]) => listed.get(code) !== status);
    expect(missing).toEqual([]);
  });

  it('documents every environment variable the server reads in one table, once', () => {
    const start = readme.indexOf('### Environment variables');
    expect(start).toBeGreaterThan(0);
    const table = readme.slice(start).split('\n\n').find((block) => block.startsWith('| variable |')) ?? '';
    const documented = table.split('\n').map((line) => /^\| `([A-Z_]+)` \|/.exec(line)?.[1]).filter((v) => v !== undefined);
    const read = [
      ...variablesOf('src/common/config.ts', /env\.([A-Z][A-Z0-9_]+)/g),
      ...variablesOf('src/live/live-config.ts', /env, '([A-Z][A-Z0-9_]+)'/g),
      ...variablesOf('src/pages/pages.controller.ts', /env\.([A-Z][A-Z0-9_]+)/g),
    ].filter((v) => v !== 'NODE_ENV');
    expect(read.length).toBeGreaterThan(30);
    expect(read.filter((v) => !documented.includes(v))).toEqual([]);
    expect(documented.filter((v, i) => documented.indexOf(v) !== i)).toEqual([]);
    // No other table documents a variable again: the sections link to this one.
    const elsewhere = rows.filter((r) => !table.includes(r)).map((r) => /^\| `([A-Z][A-Z0-9_]+)` \|/.exec(r)?.[1]).filter((v) => v !== undefined && read.includes(v));
    expect(elsewhere).toEqual([]);
  });
});
