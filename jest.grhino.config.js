/**
 * `npm run test:grhino`: the strongest Reversi bot against Debian's GRhino at level 4, ten games through the GTP
 * bridge (test/grhino.series.ts). About ten minutes of play, so it is kept out of `npm test`'s default run
 * (its file name does not end in spec.ts) and `.ci/run` runs it once, after the suites.
 */
const base = require('./jest.config.js');

module.exports = {
  ...base,
  roots: ['<rootDir>/test'],
  testRegex: 'test/grhino\\.series\\.ts$',
  testTimeout: 40 * 60_000,
};
