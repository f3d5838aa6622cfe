/** Jest runs every spec through swc: NestJS 12 ships ESM, which only swc turns into CommonJS here. */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
};

const shared = {
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  transform: { '^.+\\.(t|j|mj|cj)s$': ['@swc/jest', swc] },
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|file-type|content-disposition|cookie|tournament-pairings)/)'],
};

/**
 * Two projects. `unit`: the specs beside the code (src/), pure, with no database and no set-up, so
 * `npx jest --selectProjects unit` (npm run test:unit) starts in about a second. `e2e`: test/, on a real Postgres
 * (global-setup.ts starts an embedded one unless DATABASE_URL is set), every response checked against the
 * server's own OpenAPI document. Project-level globalSetup runs only when a project's tests run.
 */
module.exports = {
  testTimeout: 60000,
  projects: [
    { ...shared, displayName: 'unit', roots: ['<rootDir>/src'], testRegex: '.*\\.spec\\.ts$' },
    {
      ...shared,
      displayName: 'e2e',
      roots: ['<rootDir>/test'],
      testRegex: '.*\\.(spec|e2e-spec)\\.ts$',
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      setupFilesAfterEnv: ['<rootDir>/test/support/spec-setup.ts'],
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
