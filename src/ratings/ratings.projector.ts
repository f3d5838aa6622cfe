import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../common/config';
import { APP_CONFIG, ENGINES } from '../common/tokens';
import type { AnyEngine } from '../engine/core';
import { MatchRepository } from '../matches/match-repository';
import { ranksOf } from './ranks';
import { type Skill, newSkill, rateMatch } from './rating-model';
import { DAY_MS, MovedSeats, SameOpponentWindow, pairsOf } from './rating-rules';
import { type FinishedMatch, RATINGS_STORE, type RatingRecord, type RatingsStore } from './ratings-store.port';
import { Sweeper } from '../sweep/sweep';

const BATCH = 200;
/** A match's log is read this many events at a time until every seat is seen moving (usually the first page). */
const LOG_PAGE = 64;

interface Participant {
  readonly key: string;
  readonly name: string;
  readonly kind: 'player' | 'bot';
  readonly rank: number;
}

const before = (a: FinishedMatch, b: FinishedMatch): boolean =>
  a.finishedAt.getTime() < b.finishedAt.getTime() || (a.finishedAt.getTime() === b.finishedAt.getTime() && a.id < b.id);

/**
 * The ratings, a projection of finished matches: each match's outcome and seat holders come from replaying
 * its log; the matches are folded in one fixed order (finish time, then id), so the projection is a function
 * of the logs and `rebuild` gives back exactly what was built live. A match is rated when every seat is a
 * player's or a bot's (a bot is rated under its entrant name in a tournament's match, elsewhere under its
 * bot's id, whatever its seat is called).
 * Several instances: each fold commits only if nothing was folded since it read (under one advisory lock);
 * a match that finishes with a time before the last folded one (a late commit) makes the projector rebuild.
 * What else a match needs to be rated (every seat moved; the same opponents at most RATED_SAME_OPPONENT_PER_DAY
 * times in 24 hours) is rating-rules.ts; a match left out is folded all the same (recorded, rating no one).
 */
@Injectable()
export class RatingsProjector extends Sweeper<number> {
  constructor(
    @Inject(ENGINES) private readonly engines: ReadonlyMap<string, AnyEngine>,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(RATINGS_STORE) private readonly store: RatingsStore,
    private readonly access: MatchRepository,
  ) {
    super('Ratings', { name: 'ratings', everyMs: config.ratingsSweepMs, failure: 'catch-up failed' });
    this.perDay = config.ratedSameOpponentPerDay;
  }

  private readonly perDay: number;

  /** Folds every finished match not folded yet (one run at a time per instance); answers how many. */
  catchUp(): Promise<number> {
    return this.loop.run();
  }

  protected override async pass(): Promise<number> {
    let folded = 0;
    for (;;) {
      const last = await this.store.lastRated();
      const batch = await this.store.unrated(BATCH);
      if (batch.length === 0) return folded;
      if (last && before(batch[0] as FinishedMatch, last)) return folded + (await this.rebuild());
      const skills = new Map<string, RatingRecord>();
      const window = new SameOpponentWindow(this.perDay);
      for (const m of batch) {
        const participants = await this.participants(m);
        if (!participants) continue;
        const pairs = pairsOf(participants.map((p) => p.key));
        const unknown = pairs.filter((p) => !window.has(m.game, p));
        if (unknown.length > 0) {
          const since = new Date(m.finishedAt.getTime() - DAY_MS);
          const rows = await this.store.recentPairs(m.game, unknown, since);
          for (const p of unknown)
            window.load(
              m.game,
              p,
              rows.filter((r) => r.pair === p).map((r) => r.finishedAt),
            );
        }
        if (!window.offer(m.game, m.id, pairs, m.finishedAt)) continue;
        const missing = participants.map((p) => p.key).filter((k) => !skills.has(`${m.game}\n${k}`));
        for (const r of await this.store.ratings(m.game, missing)) skills.set(`${m.game}\n${r.key}`, r);
        this.fold(skills, m.game, participants);
      }
      if (await this.store.commit(last, [...skills.values()], batch, window.added)) folded += batch.length;
    }
  }

  /** Rebuilds the whole projection from the logs; answers the number of finished matches folded. */
  async rebuild(): Promise<number> {
    const all: FinishedMatch[] = [];
    for (let after: FinishedMatch | null = null; ;) {
      const page = await this.store.finished(after, BATCH);
      all.push(...page);
      if (page.length < BATCH) break;
      after = page[page.length - 1] as FinishedMatch;
    }
    const { ratings, pairs } = await this.fromNothing(all);
    const end = all.at(-1)?.finishedAt.getTime() ?? 0;
    // Only the last 24 hours of the window matter to what is folded next (nothing finishes earlier unrebuilt).
    await this.store.replaceAll(
      ratings,
      all,
      pairs.filter((p) => p.finishedAt.getTime() > end - DAY_MS),
    );
    return all.length;
  }

  /** The ratings after folding `matches` (in the ratings' order) from nothing, each replayed from its log. */
  async compute(matches: readonly FinishedMatch[]): Promise<RatingRecord[]> {
    return (await this.fromNothing(matches)).ratings;
  }

  private async fromNothing(matches: readonly FinishedMatch[]) {
    const skills = new Map<string, RatingRecord>();
    const window = new SameOpponentWindow(this.perDay);
    for (const m of matches) {
      const participants = await this.participants(m);
      if (!participants) continue;
      const pairs = pairsOf(participants.map((p) => p.key));
      for (const p of pairs) if (!window.has(m.game, p)) window.load(m.game, p, []);
      if (window.offer(m.game, m.id, pairs, m.finishedAt)) this.fold(skills, m.game, participants);
    }
    return { ratings: [...skills.values()], pairs: window.added };
  }

  private fold(skills: Map<string, RatingRecord>, game: string, participants: readonly Participant[]): void {
    const current = participants.map((p) => skills.get(`${game}\n${p.key}`));
    const next = rateMatch(
      current.map((r): Skill => r ?? newSkill()),
      participants.map((p) => p.rank),
    );
    participants.forEach((p, i) => {
      const s = next[i] as Skill;
      skills.set(`${game}\n${p.key}`, {
        game,
        key: p.key,
        name: p.name,
        kind: p.kind,
        mu: s.mu,
        sigma: s.sigma,
        matches: (current[i]?.matches ?? 0) + 1,
      });
    });
  }

  /** Who played the match and where each finished, from its log; null when it is not rated. */
  private async participants(m: FinishedMatch): Promise<Participant[] | null> {
    const engine = this.engines.get(m.game);
    if (!engine) return null;
    const { match } = await this.access.loadRecord(engine, m.id);
    let state;
    try {
      ({ state } = await this.access.load(engine, match));
    } catch (error) {
      // A log that no longer replays is reported by the match routes; here it is left out, not a stop.
      this.logger.warn(`match ${m.id} is left out of the ratings: ${(error as Error).message}`);
      return null;
    }
    const outcome = this.access.decider(engine).outcome(state);
    if (!outcome) return null;
    if (!(await this.everySeatMoved(m.id, match.version, state.seats.length))) return null;
    const ranks = ranksOf(outcome, state.seats.length, state.left);
    // A tournament's bot is rated under its entrant name; any other bot seat under its bot's id, whatever the
    // seat was called (a custom name would otherwise start a rating of its own, or take over another's).
    const tournament = state.seats.some((s) => s.bot !== undefined) && (await this.store.inTournament(m.id));
    const people = state.seats.map((s, seat): Participant | null => {
      const rank = ranks[seat] as number;
      if (s.player !== null && s.name !== null)
        return { key: `player:${s.player}`, name: s.name, kind: 'player', rank };
      if (s.bot === undefined || s.name === null) return null;
      const name = tournament ? s.name : s.bot;
      return { key: `bot:${name}`, name, kind: 'bot', rank };
    });
    if (people.some((p) => p === null)) return null;
    // The same identity twice in one match (two seats of one bot) would rate it against itself: not rated.
    if (new Set(people.map((p) => p?.key)).size !== people.length) return null;
    return people as Participant[];
  }

  /** Rule 1 of rating-rules.ts, reading the log only until every seat is seen moving. */
  private async everySeatMoved(matchId: string, version: number, seats: number): Promise<boolean> {
    const moved = new MovedSeats();
    for (let after = 0; after < version; after += LOG_PAGE) {
      if (moved.add(await this.access.events(matchId, after, Math.min(version, after + LOG_PAGE))).all(seats))
        return true;
    }
    return moved.all(seats);
  }
}
