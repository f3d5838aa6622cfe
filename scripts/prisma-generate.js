#!/usr/bin/env node
// `prisma generate`, offline. The Prisma CLI tries to download its native schema engine before every
// command, even though Prisma 7's client needs none; pointing PRISMA_SCHEMA_ENGINE_BINARY at any existing
// file stops the download. The generated client lands in src/generated/prisma (not committed).
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
let cli;
try {
  cli = require.resolve('prisma/build/index.js', { paths: [root] });
} catch {
  // A production install (--omit=dev) has no Prisma CLI; the client was generated at build time.
  console.warn('prisma-generate: the prisma CLI is not installed; skipping client generation.');
  process.exit(0);
}
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
};
execFileSync(process.execPath, [cli, 'generate', '--schema', 'prisma/schema.prisma'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
