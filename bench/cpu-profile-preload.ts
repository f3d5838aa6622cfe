/**
 * Preloaded into the server by `npm run bench:profile` (`node --require …/cpu-profile-preload.js dist/main.js`):
 * starts V8's sampling profiler at once and, on SIGUSR2, writes the profile to CPU_PROFILE_PATH (a
 * `.cpuprofile`, which Chrome's DevTools and `bench/profile.ts` read). A signal, not the exit, because the
 * server's shutdown hooks end the process by re-raising SIGTERM, which `--cpu-prof` does not survive.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const path = process.env.CPU_PROFILE_PATH;
if (path) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable', () => {
    session.post(
      'Profiler.setSamplingInterval',
      { interval: Number(process.env.CPU_PROFILE_INTERVAL_US ?? 200) },
      () => {
        session.post('Profiler.start');
      },
    );
  });
  // The first signal writes `<path>.startup` (start-up and warm-up), the second the profile proper.
  let written = 0;
  process.on('SIGUSR2', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(written === 0 ? `${path}.startup` : path, JSON.stringify(result.profile));
      written++;
      session.post('Profiler.start');
    });
  });
}
