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

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testRegex: '.*\\.(spec|e2e-spec)\\.ts$',
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  transform: { '^.+\\.(t|j|mj|cj)s$': ['@swc/jest', swc] },
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|file-type|content-disposition|cookie|tournament-pairings)/)'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  // Every response of every e2e suite is checked against the server's own OpenAPI document.
  setupFilesAfterEnv: ['<rootDir>/test/support/spec-setup.ts'],
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60000,
};
