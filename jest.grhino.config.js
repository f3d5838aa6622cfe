/**
 * `npm run test:grhino`: the strongest Reversi bot against Debian's GRhino at level 4, ten games through the GTP
 * bridge (test/grhino.series.ts). About ten minutes of play, so it is kept out of `npm test` (its file name does
 * not end in spec.ts). It runs as the e2e project does (an embedded Postgres unless DATABASE_URL is set).
 */
const base = require('./jest.config.js');

const e2e = base.projects.find((p) => p.displayName === 'e2e');

module.exports = {
  ...e2e,
  displayName: 'grhino',
  roots: ['<rootDir>/test'],
  testRegex: 'test/grhino\\.series\\.ts$',
  testTimeout: 40 * 60_000,
};
