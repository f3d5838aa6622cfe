/**
 * Provable fairness by commit-reveal (docs/api.md "Fairness").
 *
 * At creation a match with chance gets a fresh salt, and its response carries `seedCommitment`, the
 * lowercase hex SHA-256 of the UTF-8 string `salt + seed`. The seed and salt stay secret while the match
 * runs (they would tell every hand and the bag's order) and are revealed once it is over. Anyone can then
 * recompute the commitment and replay the whole log from the revealed seed with `verifyMatch`.
 *
 * The salt keeps the commitment hiding whatever a seed looks like: today's seeds are 256 random bits, but a
 * short or structured seed (a test's, a future format's) could otherwise be found from its hash.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type AnyEngine, type EngineError, type Seat, type Viewer, play } from '../engine/core';
import type { EventStore, EventType, MatchRecord } from './event-store.port';
import { canonicalJson } from './tokens';

/** What a new match stores: a salt and the commitment, or nulls for a game without chance. */
export interface Commitment {
  readonly salt: string | null;
  readonly seedCommitment: string | null;
}

/** The fairness fields of a match response. */
export interface FairnessFields {
  seedCommitment?: string;
  seed?: string;
  salt?: string;
}

/** SHA-256 of the UTF-8 string `salt + seed`, lowercase hex (docs/api.md "Fairness"). */
export function seedCommitmentOf(seed: string, salt: string): string {
  return createHash('sha256')
    .update(salt + seed, 'utf8')
    .digest('hex');
}

/** 128 random bits from the OS CSPRNG, as hex. */
const newSalt = (): string => randomBytes(16).toString('hex');

/** Commits a new match to its seed when its game has chance. */
export function commitTo(engine: AnyEngine, seed: string): Commitment {
  if (!engine.chance) return { salt: null, seedCommitment: null };
  const salt = newSalt();
  return { salt, seedCommitment: seedCommitmentOf(seed, salt) };
}

/**
 * The commitment for every response of a match with chance; the seed and salt too, but only when `over`.
 * Matches created before commitments existed have none, and reveal nothing.
 */
export function fairnessFields(
  match: Pick<MatchRecord, 'seed' | 'salt' | 'seedCommitment'>,
  over: boolean,
): FairnessFields {
  if (match.seedCommitment === null || match.salt === null) return {};
  return over
    ? { seedCommitment: match.seedCommitment, seed: match.seed, salt: match.salt }
    : { seedCommitment: match.seedCommitment };
}

/** A finished match as revealed: everything `verifyMatch` needs, all of it public once the match is over. */
export interface RevealedMatch {
  readonly rulesVersion: number;
  readonly options: unknown;
  readonly seats: number;
  /** The commitment as published at creation (a player's own record of it is the stronger input). */
  readonly seedCommitment: string;
  readonly seed: string;
  readonly salt: string;
  /** The whole log, in order: `seq` 1, 2, 3, … as stored (the wire move as payload). */
  readonly events: readonly {
    readonly seq: number;
    readonly type: EventType;
    readonly seat: Seat | null;
    readonly payload: unknown;
  }[];
}

/**
 * A match response a player kept while playing (`version`, `you`, `view` are all that is read): the views
 * are where players saw their draws (their hand, the count in the bag, a drawn card).
 */
export interface SeenResponse {
  readonly version: number;
  readonly you: Seat | null;
  readonly view: unknown;
}

export type VerificationProblem =
  | 'not-found'
  | 'not-over'
  | 'no-commitment'
  | 'commitment'
  | 'rules-version'
  | 'options'
  | 'log-gap'
  | 'replay'
  | 'view-mismatch'
  | 'unseen-version';

export type Verification =
  | { readonly ok: true; readonly events: number; readonly viewsChecked: number }
  | { readonly ok: false; readonly problem: VerificationProblem; readonly seq?: number; readonly message: string };

/**
 * Verifies a revealed match. It recomputes the commitment from the revealed seed and salt; then it sets the
 * match up from the seed and replays the whole log through the same engine the server judges by. Every
 * tile or card a player played must be one the seed dealt them, or the replay fails. With `seen`, the
 * responses a player kept, it also checks that each view they were shown, draws and hand included, is
 * exactly the view the seed gives at that version for that seat (or spectator).
 *
 * It does not prove that the seed was drawn at random, nor that the server did not pick among many seeds
 * before committing: see docs/api.md "Fairness", "What it does not prove".
 */
export function verifyMatch(engine: AnyEngine, match: RevealedMatch, seen: readonly SeenResponse[] = []): Verification {
  if (seedCommitmentOf(match.seed, match.salt) !== match.seedCommitment.toLowerCase()) {
    return { ok: false, problem: 'commitment', message: 'SHA-256(salt + seed) is not the published seedCommitment.' };
  }
  if (match.rulesVersion !== engine.rulesVersion) {
    return {
      ok: false,
      problem: 'rules-version',
      message: `Played under ${engine.id} rules version ${match.rulesVersion}; this verifier has ${engine.rulesVersion}.`,
    };
  }
  const options = engine.parseOptions(match.options, match.seats);
  if (!options.ok) return { ok: false, problem: 'options', message: describe(options.error) };

  const wanted = new Map<number, SeenResponse[]>();
  for (const r of seen) wanted.set(r.version, [...(wanted.get(r.version) ?? []), r]);
  let state: unknown = engine.setup({ seed: match.seed, seats: match.seats, options: options.value });
  let viewsChecked = 0;
  const checkViews = (version: number): Verification | null => {
    for (const r of wanted.get(version) ?? []) {
      const viewer: Viewer = r.you ?? 'spectator';
      if (canonicalJson(engine.view(state, viewer)) !== canonicalJson(r.view)) {
        return {
          ok: false,
          problem: 'view-mismatch',
          seq: version,
          message: `The view shown to ${viewer === 'spectator' ? 'a spectator' : `seat ${viewer}`} at version ${version} is not what the seed gives.`,
        };
      }
      viewsChecked++;
    }
    wanted.delete(version);
    return null;
  };

  let version = 0;
  const first = checkViews(0);
  if (first) return first;
  for (const event of match.events) {
    if (event.seq !== version + 1)
      return {
        ok: false,
        problem: 'log-gap',
        seq: event.seq,
        message: `The log jumps from ${version} to ${event.seq}.`,
      };
    if (event.type === 'MoveMade') {
      const r = play(engine, state, event.seat as Seat, event.payload); // a MoveMade always names its seat
      if (!r.ok)
        return {
          ok: false,
          problem: 'replay',
          seq: event.seq,
          message: `Event ${event.seq} does not replay from the revealed seed: ${describe(r.error)}`,
        };
      state = r.value.state;
    }
    version = event.seq;
    const bad = checkViews(version);
    if (bad) return bad;
  }
  const [left] = wanted.keys();
  if (left !== undefined)
    return {
      ok: false,
      problem: 'unseen-version',
      seq: left,
      message: `A kept response names version ${left}, which the log never reaches.`,
    };
  return { ok: true, events: version, viewsChecked };
}

function describe(error: EngineError): string {
  return `${error.code}${error.reason ? ` ${error.reason}` : ''}: ${error.message}`;
}

/**
 * Verifies a match straight from the store (what `npm run verify-match` runs): the published commitment,
 * seed and salt as stored, the whole log, and optionally the responses a player kept. Refuses a running
 * match: its seed is not revealed yet.
 */
export async function verifyStoredMatch(
  store: EventStore,
  engine: AnyEngine,
  id: string,
  seen: readonly SeenResponse[] = [],
): Promise<Verification> {
  const found = await store.loadMatch(id.toLowerCase());
  if (!found || found.match.game !== engine.id)
    return { ok: false, problem: 'not-found', message: `No ${engine.id} match ${id}.` };
  const { match } = found;
  if (match.status === 'active' || match.status === 'waiting')
    return {
      ok: false,
      problem: 'not-over',
      message: 'The match is still running: its seed is revealed only once it is over.',
    };
  if (match.seedCommitment === null || match.salt === null) {
    return {
      ok: false,
      problem: 'no-commitment',
      message: `This match published no seed commitment (${engine.chance ? 'it predates commit-reveal' : `${engine.id} has no chance`}).`,
    };
  }
  const events = await store.events(match.id);
  return verifyMatch(
    engine,
    {
      rulesVersion: match.rulesVersion,
      options: match.options,
      seats: match.createdSeats.length,
      seedCommitment: match.seedCommitment,
      seed: match.seed,
      salt: match.salt,
      events,
    },
    seen,
  );
}
