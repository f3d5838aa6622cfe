/**
 * Snapshots: a copy of a match's state just after every SNAPSHOT_EVERY-th event, kept in the store so that a
 * cold load, a log page or an idempotent replay folds at most SNAPSHOT_EVERY events before the ones it needs,
 * whatever the length of the match.
 *
 * Why snapshots and not redactions stored per viewer at append time: a redaction may depend on the state *now*
 * (a Deblockle setup stays hidden until both seats have placed; Split's last melds until the round ends), so a
 * stored redaction would have to be rewritten later; and it would freeze today's log format into the rows. A
 * snapshot is one row per 64 events, holds nothing a redaction needs to change, and every read still runs the
 * engine's own `redactMove` and `view`.
 *
 * A snapshot is never the truth: it is written from a fold of the log (by the writer of event 64k, or by any
 * reader that folded past a missing one) and only ever skips a replay. Its `format` names the engine and the
 * shape of its state; bump SNAPSHOT_FORMAT when a state's JSON shape changes, and older rows are ignored.
 */
import type { AnyEngine } from '../engine/core';

export const SNAPSHOT_EVERY = 64;
const SNAPSHOT_FORMAT = 2; // 2: the match decider's state (1 was the game's state alone)

export interface Snapshot {
  readonly seq: number;
  /** The match decider's state (the seats, the status and the game's state). */
  readonly state: unknown;
}

export interface SnapshotStore {
  /** The latest snapshot of the match at or before `atMost`, written in `format`. */
  nearest(matchId: string, atMost: number, format: string): Promise<Snapshot | null>;
  /** Stores the snapshots; one that already exists in this format is left as it is (it holds the same state). */
  save(matchId: string, format: string, snapshots: readonly Snapshot[]): Promise<void>;
  /**
   * Matches (by id, after `afterId`, at most `limit`) of the games in `formats` whose latest snapshot in their
   * game's format is SNAPSHOT_EVERY or more events behind their version (none at all counts as 0).
   */
  lacking(
    formats: Readonly<Record<string, string>>,
    afterId: string,
    limit: number,
  ): Promise<{ id: string; game: string; latest: number }[]>;
}

export const SNAPSHOT_STORE = Symbol('SNAPSHOT_STORE');

export const snapshotFormat = (engine: AnyEngine): string => `${engine.id}/${engine.rulesVersion}/${SNAPSHOT_FORMAT}`;
export const isSnapshotSeq = (seq: number): boolean => seq > 0 && seq % SNAPSHOT_EVERY === 0;
