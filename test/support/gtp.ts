import { accessSync, constants } from 'node:fs';

/** Debian's GRhino, an Othello engine speaking GTP (`.ci/run` installs the `grhino` package when it is missing). */
export const GTP_RHINO = process.env.GTP_RHINO ?? '/usr/games/gtp-rhino';

/**
 * Fails (never skips) when GRhino is not installed: a bridge test that passes without its engine proves nothing.
 */
export function requireGtpRhino(): void {
  try {
    accessSync(GTP_RHINO, constants.X_OK);
  } catch {
    throw new Error(
      `${GTP_RHINO} is missing: install Debian's grhino (apt-get install grhino; .ci/run does) to run the GTP bridge tests`,
    );
  }
}

/** GRhino's command line at a level (1–5; 3 is its default). */
export const gtpRhino = (level: number): string[] => [GTP_RHINO, '-l', String(level)];
