import * as path from 'node:path';

// Plain CommonJS tooling shared with `npm run migrate:new`; see scripts/lib/schema-diff.js.
const { diffMigrationsToSchema, sqlStatements } = require('../scripts/lib/schema-diff.js') as {
  diffMigrationsToSchema: (options: { schemaPath: string; migrationsDir: string }) => Promise<string>;
  sqlStatements: (script: string) => string;
};

const root = path.resolve(__dirname, '..');

describe('prisma/migrations', () => {
  it('build the database that prisma/schema.prisma describes (no drift)', async () => {
    const script = await diffMigrationsToSchema({
      schemaPath: path.join(root, 'prisma/schema.prisma'),
      migrationsDir: path.join(root, 'prisma/migrations'),
    });

    const statements = sqlStatements(script);
    if (statements !== '') {
      throw new Error(
        'prisma/schema.prisma and prisma/migrations disagree. A database built from the migrations needs this ' +
          'SQL to match the schema; write it as a migration with `npm run migrate:new -- <name>` ' +
          '(or fix the schema):\n\n' +
          script,
      );
    }
    expect(statements).toBe('');
  }, 60_000); // one PGlite start (initdb in wasm) dominates: about 5 s on an idle 2-core machine
});
