/**
 * The docs hold what the code says. docs/api.md lists every error code (with its status); docs/operations.md
 * documents every environment variable the server reads, in one table: a code or a variable added to the source
 * without its row fails here. The README stays a front door (at most 300 lines), and every relative link of the
 * README and of docs/ names a file that exists, and a heading of it when it names one (`api.md#pages`).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ERROR_STATUS } from '../src/common/api-error';

const root = join(__dirname, '..');
const read = (path: string): string => readFileSync(join(root, path), 'utf8');
const tableRows = (text: string): string[] => text.split('\n').filter((line) => line.startsWith('| `'));

/** The variables a source file reads from the environment (`env.NAME`, or `'NAME'` handed to a reader). */
function variablesOf(path: string, pattern: RegExp): string[] {
  return [...new Set([...read(path).matchAll(pattern)].map((m) => m[1] as string))];
}

/** The Markdown files whose links are checked: the README, every page of docs/, and the bench's README. */
const MARKDOWN = [
  'README.md',
  'bench/README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** Every `[text](target)` and `![alt](target)` outside code blocks and code spans, with its line. */
function linksOf(text: string): { target: string; line: number }[] {
  const links: { target: string; line: number }[] = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (line.trimStart().startsWith('```')) fenced = !fenced;
    if (fenced) return;
    for (const m of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g))
      links.push({ target: m[1] as string, line: i + 1 });
  });
  return links;
}

/** The anchors GitHub gives a Markdown page's headings: lower case, punctuation dropped, spaces as hyphens. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.trimStart().startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*$/.exec(line);
    if (!heading) continue;
    const slug = (heading[1] as string)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    let n = 0;
    while (anchors.has(n === 0 ? slug : `${slug}-${n}`)) n++;
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

describe('the docs', () => {
  it('list every error code with its status (docs/api.md)', () => {
    const rows = tableRows(read('docs/api.md'));
    const listed = new Map(
      rows
        .map((r) => r.split('|').map((c) => c.trim()))
        .filter((c) => /^`[A-Z_]+`$/.test(c[1] ?? '') && /^\d{3}$/.test(c[2] ?? ''))
        .map((c) => [c[1]!.slice(1, -1), Number(c[2])]),
    );
    const missing = Object.entries(ERROR_STATUS).filter(([code, status]) => listed.get(code) !== status);
    expect(missing).toEqual([]);
    expect(listed.get('ALREADY_MATCHED')).toBe(409);
  });

  it('document every environment variable the server reads in one table, once (docs/operations.md)', () => {
    const operations = read('docs/operations.md');
    const start = operations.indexOf('### Environment variables');
    expect(start).toBeGreaterThan(0);
    const table =
      operations
        .slice(start)
        .split('\n\n')
        .find((block) => block.startsWith('| variable |')) ?? '';
    const documented = table
      .split('\n')
      .map((line) => /^\| `([A-Z_]+)` \|/.exec(line)?.[1])
      .filter((v) => v !== undefined);
    const readVars = [
      ...variablesOf('src/common/config.ts', /env\.([A-Z][A-Z0-9_]+)/g),
      ...variablesOf('src/live/live-config.ts', /env, '([A-Z][A-Z0-9_]+)'/g),
      ...variablesOf('src/pages/pages.controller.ts', /env\.([A-Z][A-Z0-9_]+)/g),
    ].filter((v) => v !== 'NODE_ENV');
    expect(readVars.length).toBeGreaterThan(30);
    expect(readVars.filter((v) => !documented.includes(v))).toEqual([]);
    expect(documented.filter((v, i) => documented.indexOf(v) !== i)).toEqual([]);
    // No other table of the page, nor of the README, documents a variable again: they link to this one.
    const elsewhere = [...tableRows(operations).filter((r) => !table.includes(r)), ...tableRows(read('README.md'))]
      .map((r) => /^\| `([A-Z][A-Z0-9_]+)` \|/.exec(r)?.[1])
      .filter((v) => v !== undefined && readVars.includes(v));
    expect(elsewhere).toEqual([]);
  });

  it('keep the README a front door of at most 300 lines', () => {
    const lines = read('README.md').split('\n');
    expect(lines.length - (lines.at(-1) === '' ? 1 : 0)).toBeLessThanOrEqual(300);
  });

  it('link only to files that exist', () => {
    const checked: string[] = [];
    const broken: string[] = [];
    const anchored: string[] = [];
    for (const file of MARKDOWN) {
      for (const { target, line } of linksOf(read(file))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue; // a URL, or an anchor of the same page
        const [path, anchor] = target.split('#') as [string, string | undefined];
        const to = join(root, dirname(file), decodeURIComponent(path));
        checked.push(`${file} → ${target}`);
        if (!existsSync(to)) broken.push(`${file}:${line} → ${target}`);
        else if (anchor !== undefined && to.endsWith('.md')) {
          anchored.push(`${file} → ${target}`);
          if (!anchorsOf(readFileSync(to, 'utf8')).has(decodeURIComponent(anchor)))
            broken.push(`${file}:${line} → ${target} (no such heading)`);
        }
      }
      // An anchor of the same page names one of its headings too.
      for (const { target, line } of linksOf(read(file)))
        if (target.startsWith('#') && !anchorsOf(read(file)).has(decodeURIComponent(target.slice(1))))
          broken.push(`${file}:${line} → ${target} (no such heading)`);
    }
    expect(broken).toEqual([]);
    expect(checked.length).toBeGreaterThan(20); // the check found the links it is meant to check
    expect(anchored.length).toBeGreaterThan(5); // and the headings they name
  });
});
