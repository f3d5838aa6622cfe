#!/usr/bin/env node
// `npm run build` (the server, the engines entry point, the pages), only when its inputs changed since the last build: `npm start` and `npm run verify` call this
// first. The inputs are hashed (not dated: a checkout touches every file's time): every compiled file under
// src/ (the generated Prisma client included) and web/, and the build's configuration. The hash is written into
// dist/ after a successful build; `nest build` empties dist/ first, so a failed build leaves no hash.
const { createHash } = require('node:crypto');
const { execFileSync } = require('node:child_process');
const { existsSync, readFileSync, readdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const stamp = path.join(root, 'dist', '.build-inputs');
const skipped = /\.(spec|testkit)\.ts$/; // excluded from the build by tsconfig.json

function files(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((d) => (d.isDirectory() ? files(path.join(dir, d.name)) : [path.join(dir, d.name)]))
    .filter((f) => !skipped.test(f));
}

function inputsHash() {
  const hash = createHash('sha256');
  const inputs = files(path.join(root, 'src'))
    .concat(files(path.join(root, 'web')))
    .concat(
      ['tsconfig.json', 'tsconfig.engines.json', 'nest-cli.json', '.swcrc', 'package-lock.json'].map((f) =>
        path.join(root, f),
      ),
    );
  for (const file of inputs.filter((f) => existsSync(f)).sort()) {
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const want = inputsHash();
const have = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
if (have === want && existsSync(path.join(root, 'dist', 'main.js'))) {
  console.log('build: dist/ is up to date');
} else {
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, `${want}\n`);
}
