'use strict';
// What `prisma migrate diff --from-migrations prisma/migrations --to-schema prisma/schema.prisma --script`
// would print, without the Prisma CLI (which insists on downloading a native schema engine that these
// machines cannot reach). It drives @prisma/schema-engine-wasm, an internal Prisma package pinned exactly in
// package.json, the way Prisma's own packages/migrate (SchemaEngineWasm) does, with an in-memory PGlite as
// the database and the shadow database: the migrations are replayed into it, introspected, and compared
// with the schema.
//
// Plain CommonJS, no build step. Used by scripts/migrate-new.js and test/migrations.drift.e2e-spec.ts.
// Also runnable: `node scripts/lib/schema-diff.js <schema.prisma> <migrations dir>` prints the script.
//
// The engine's JS glue is an ES module. Node >= 20.19 loads it with require(esm); where the module system
// cannot (Jest's, before Node 24.9), the diff runs in a child Node process instead.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFile } = require('node:child_process');

const EMPTY_FILTER = { externalTables: [], externalEnums: [] };

/**
 * The wasm-bindgen glue is built with `--target bundler` and would import the .wasm as a module, which Node
 * cannot do: instantiate it by hand (as Prisma's WasmSchemaEngineLoader does), once per process, since
 * wasm-bindgen keeps global state.
 */
let schemaEngineClass;
function loadSchemaEngine() {
  if (!schemaEngineClass) {
    const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const runtime = require(gluePath); // throws ERR_REQUIRE_ESM where require(esm) is unavailable
    const bytes = fs.readFileSync(path.join(path.dirname(gluePath), 'schema_engine_bg.wasm'));
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), {
      './schema_engine_bg.js': runtime,
    });
    runtime.__wbg_set_wasm(instance.exports);
    instance.exports.__wbindgen_start();
    schemaEngineClass = runtime.SchemaEngine;
  }
  return schemaEngineClass;
}

/**
 * A fresh in-memory PGlite, pushed to `opened` at once so the caller can close it whatever happens (an
 * unclosed PGlite keeps the process alive).
 *
 * Starting one runs initdb in wasm, which costs 3-10 s of CPU on these machines. So the first start dumps
 * the freshly initialised cluster to a template in the temp directory (keyed by PGlite's version, about
 * 5 MB), and later starts load it (1-2 s). A template that fails to load is rebuilt.
 * SCHEMA_DIFF_PGLITE_TEMPLATE=0 turns this off.
 */
async function startInMemoryPglite(opened) {
  const { PGlite } = require('@electric-sql/pglite');
  const useTemplate = process.env.SCHEMA_DIFF_PGLITE_TEMPLATE !== '0';
  const pgliteDir = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..');
  const { version } = JSON.parse(fs.readFileSync(path.join(pgliteDir, 'package.json'), 'utf8'));
  const uid = typeof process.getuid === 'function' ? process.getuid() : 'u';
  const template = path.join(os.tmpdir(), `schema-diff-pglite-${version}-${uid}.tar.gz`);

  if (useTemplate && fs.existsSync(template)) {
    const db = new PGlite({ loadDataDir: new Blob([fs.readFileSync(template)]) });
    opened.push(db);
    try {
      await db.waitReady;
      return db;
    } catch {
      await db.close().catch(() => {});
      opened.splice(opened.indexOf(db), 1);
      fs.rmSync(template, { force: true });
    }
  }

  const db = new PGlite();
  opened.push(db);
  await db.waitReady;
  if (useTemplate) {
    try {
      const dump = await db.dumpDataDir('gzip');
      const partial = `${template}.${process.pid}.partial`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, template); // atomic: a concurrent reader sees the whole file or none
    } catch {
      // only a cache: the next run will try again
    }
  }
  return db;
}

/**
 * A migration-aware driver adapter factory over one in-memory PGlite, started on the first connection.
 *
 * The engine opens the main connection at start-up (one probe query) and the shadow database for the
 * diff. Both get the same instance: a diff from migrations to a schema never writes to the main database,
 * and each PGlite start costs seconds.
 */
function inMemoryPgliteFactory(opened) {
  const { PrismaPGlite } = require('pglite-prisma-adapter');
  let started;
  const connect = async () => {
    started ??= startInMemoryPglite(opened);
    const db = await started;
    const adapter = await new PrismaPGlite(db).connect();
    // pglite-prisma-adapter 0.7.2 does not await `exec` in executeScript: a failing migration would end up
    // as an unhandled rejection instead of an engine error. Await it, and map the error the same way.
    adapter.executeScript = async (script) => {
      try {
        await db.exec(script);
      } catch (e) {
        adapter.onError(e);
      }
    };
    return adapter;
  };
  const { provider, adapterName } = new PrismaPGlite(undefined);
  return { provider, adapterName, connect, connectToShadowDb: connect };
}

/** The migrations folder in the shape the engine wants (what Prisma's CLI builds in packages/migrate). */
function readMigrations(migrationsDir) {
  const baseDir = path.resolve(migrationsDir);
  const lockPath = path.join(baseDir, 'migration_lock.toml');
  const lockfile = {
    path: 'migration_lock.toml',
    content: fs.existsSync(lockPath) ? fs.readFileSync(lockPath, 'utf8') : null,
  };
  const entries = fs.existsSync(baseDir) ? fs.readdirSync(baseDir, { withFileTypes: true }) : [];
  const migrationDirectories = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort((a, b) => a.localeCompare(b))
    .map((name) => {
      let content;
      try {
        content = { tag: 'ok', value: fs.readFileSync(path.join(baseDir, name, 'migration.sql'), 'utf8') };
      } catch (e) {
        content = { tag: 'error', value: e.message };
      }
      return { path: name, migrationFile: { path: 'migration.sql', content } };
    });
  return { baseDir, lockfile, migrationDirectories, shadowDbInitScript: '' };
}

/** The engine rejects with Errors (name SchemaConnectorError, a Prisma `code` such as P3006); keep anything else readable. */
function toError(e) {
  if (e instanceof Error) return e;
  const err = new Error(`schema engine: ${e && typeof e.message === 'string' ? e.message : JSON.stringify(e)}`);
  if (e && e.code) err.code = e.code;
  return err;
}

async function diffInProcess(schemaPath, migrationsDir) {
  const schemaFile = path.resolve(schemaPath);
  const schema = { path: schemaFile, content: fs.readFileSync(schemaFile, 'utf8') };
  const migrations = readMigrations(migrationsDir);
  const SchemaEngine = loadSchemaEngine();
  const { bindMigrationAwareSqlAdapterFactory } = require('@prisma/driver-adapter-utils');

  const opened = [];
  const adapterFactory = bindMigrationAwareSqlAdapterFactory(inMemoryPgliteFactory(opened));
  const log = /schema-diff|\*/.test(process.env.DEBUG || '') ? (line) => process.stderr.write(`${line}\n`) : () => {};
  let engine;
  try {
    engine = await SchemaEngine.new({ datamodels: [[schema.path, schema.content]] }, log, adapterFactory);
    const { stdout } = await engine.diff({
      // With no migration yet (no migration_lock.toml either), the engine cannot replay anything: diff from empty.
      from: migrations.migrationDirectories.length > 0 ? { tag: 'migrations', ...migrations } : { tag: 'empty' },
      to: { tag: 'schemaDatamodel', files: [schema] },
      script: true,
      exitCode: null,
      filters: EMPTY_FILTER,
    });
    return stdout ?? '';
  } catch (e) {
    throw toError(e);
  } finally {
    if (engine) engine.free();
    await Promise.allSettled(opened.map((db) => db.close()));
  }
}

function diffInChildProcess(schemaPath, migrationsDir) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [__filename, path.resolve(schemaPath), path.resolve(migrationsDir)],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`schema diff (child process) failed: ${stderr.trim() || error.message}`));
        else resolve(stdout);
      },
    );
  });
}

/**
 * The SQL script that brings a database built from the migrations in `migrationsDir` to what the Prisma
 * schema at `schemaPath` says. When they agree, it has no statements: the engine then returns only
 * comments ("-- This is an empty migration."); see `sqlStatements`.
 *
 * @param {{ schemaPath: string, migrationsDir: string }} options
 * @returns {Promise<string>}
 */
async function diffMigrationsToSchema({ schemaPath, migrationsDir }) {
  try {
    loadSchemaEngine();
  } catch (e) {
    if (e && e.code === 'ERR_REQUIRE_ESM') return diffInChildProcess(schemaPath, migrationsDir);
    throw e;
  }
  return diffInProcess(schemaPath, migrationsDir);
}

/** The script without its comments and blank lines: '' when the script would change nothing. */
function sqlStatements(script) {
  return script
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '' && !line.trim().startsWith('--'))
    .join('\n');
}

module.exports = { diffMigrationsToSchema, sqlStatements, readMigrations };

if (require.main === module) {
  const [schemaPath, migrationsDir] = process.argv.slice(2);
  if (!schemaPath || !migrationsDir) {
    process.stderr.write('usage: node scripts/lib/schema-diff.js <schema.prisma> <migrations dir>\n');
    process.exit(2);
  }
  diffInProcess(schemaPath, migrationsDir).then(
    (script) => process.stdout.write(script),
    (e) => {
      const engineError = e && e.name === 'SchemaConnectorError';
      process.stderr.write(`${engineError ? `${e.code ? `${e.code}: ` : ''}${e.message}` : (e && e.stack) || e}\n`);
      process.exitCode = 1;
    },
  );
}
