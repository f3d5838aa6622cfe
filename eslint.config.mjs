// The one lint rule that matters most here: the engines stay pure (ARCHITECTURE rule 1). An engine imports
// only from src/engine, and uses no clock, no Math.random, no I/O and no framework.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-bench/**', 'node_modules/**', 'src/generated/**', 'coverage/**'] },
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
