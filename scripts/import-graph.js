#!/usr/bin/env node
// The folder-to-folder import graph of src/ (issue 27: "no folder imports one that imports it back").
//
//   node scripts/import-graph.js [src] [-v] [--specs]
//
// An edge `a -> b` means a file in src/a imports a file in src/b through a relative path (files directly in src/
// form the folder `(root)`). A pair is two folders with an edge each way. Spec files are left out by default (the
// production graph); --specs counts them as well. -v lists every import behind each pair, --edges every edge.
// Longer cycles (a -> b -> c -> a) are printed as the sets of folders that reach each other.
// Exits 1 when a pair exists, so a new cycle fails the build (src/import-graph.spec.ts runs the same analysis).
'use strict';
const fs = require('fs');
const path = require('path');

/** Relative specifiers in `from '…'`, `import '…'`, `import('…')` and `require('…')`. */
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"])(\.{1,2}\/[^'"]*)\1/g;

function isSpec(file) {
  return /\.(spec|e2e-spec)\.ts$/.test(file) || file.endsWith('.testkit.ts');
}

/**
 * The edges (`'a -> b'` to the imports behind it) and the pairs both ways, sorted.
 * @param {string} root the folder to read (src/)
 * @param {{ specs?: boolean }} [options] specs: count spec files too
 */
function importGraph(root, options = {}) {
  const edges = new Map();
  const folderOf = (rel) => {
    const parts = rel.split(path.sep);
    return parts.length > 1 ? parts[0] : '(root)';
  };
  const walk = (dir) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (fs.statSync(full).isDirectory()) {
        if (name !== 'generated' && name !== 'node_modules') walk(full);
        continue;
      }
      if (!full.endsWith('.ts') || full.endsWith('.d.ts')) continue;
      if (!options.specs && isSpec(full)) continue;
      const rel = path.relative(root, full);
      const from = folderOf(rel);
      for (const match of fs.readFileSync(full, 'utf8').matchAll(SPECIFIER)) {
        const resolved = path.resolve(path.dirname(full), match[2]);
        const target = path.relative(root, resolved);
        if (target.startsWith('..')) continue;
        // `../engine` names a folder (its index.ts): that folder, not the root.
        const isFolder = fs.existsSync(resolved) && fs.statSync(resolved).isDirectory();
        const to = isFolder ? target.split(path.sep)[0] : folderOf(target);
        if (to === from) continue;
        const key = `${from} -> ${to}`;
        if (!edges.has(key)) edges.set(key, []);
        edges.get(key).push(`${rel} : ${match[2]}`);
      }
    }
  };
  walk(root);
  const pairs = [];
  for (const key of edges.keys()) {
    const [a, b] = key.split(' -> ');
    if (a < b && edges.has(`${b} -> ${a}`)) pairs.push([a, b]);
  }
  pairs.sort((x, y) => `${x[0]} ${x[1]}`.localeCompare(`${y[0]} ${y[1]}`));
  return { edges, pairs, cycles: cyclesOf(edges) };
}

/** The folders that reach each other through longer chains too: strongly connected components (Tarjan), sorted. */
function cyclesOf(edges) {
  const next = new Map();
  for (const key of edges.keys()) {
    const [a, b] = key.split(' -> ');
    if (!next.has(a)) next.set(a, []);
    if (!next.has(b)) next.set(b, []);
    next.get(a).push(b);
  }
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (v) => {
    index.set(v, index.size);
    low.set(v, index.get(v));
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) components.push(component.sort());
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return components.sort((x, y) => x.join().localeCompare(y.join()));
}

function report(title, { edges, pairs, cycles }, verbose) {
  const lines = [`${title}: ${pairs.length} pair(s) both ways`];
  for (const [a, b] of pairs) {
    lines.push(`  ${a} <-> ${b}`);
    if (!verbose) continue;
    for (const imp of edges.get(`${a} -> ${b}`)) lines.push(`      ${a}->${b}  ${imp}`);
    for (const imp of edges.get(`${b} -> ${a}`)) lines.push(`      ${b}->${a}  ${imp}`);
  }
  lines.push(
    `  folders in a cycle (any length, reported, not failed on): ${cycles.map((c) => `{${c.join(', ')}}`).join(' ') || 'none'}`,
  );
  return lines.join('\n');
}

function main(argv) {
  const args = argv.filter((a) => !a.startsWith('-'));
  const root = path.resolve(args[0] ?? 'src');
  const verbose = argv.includes('-v');
  const production = importGraph(root);
  console.log(report('non-spec files', production, verbose));
  if (argv.includes('--edges')) {
    for (const key of [...production.edges.keys()].sort()) console.log(`  ${key}`);
  }
  let failed = production.pairs.length > 0;
  if (argv.includes('--specs')) {
    const all = importGraph(root, { specs: true });
    console.log(report('with spec files', all, verbose));
    failed = failed || all.pairs.length > 0;
  }
  return failed ? 1 : 0;
}

module.exports = { importGraph };

if (require.main === module) process.exitCode = main(process.argv.slice(2));
