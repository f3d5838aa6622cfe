import { Inject, Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { ApiError } from '../common/api-error';
import { CLOCK, type Clock } from '../common/clock';
import type { AppConfig } from '../common/config';
import { APP_CONFIG, ENGINES } from '../common/tokens';
import { findBot } from '../engine/bots';
import type { AnyEngine } from '../engine/core';
import type { SeatHolder } from '../matches/decider';
import { commitTo } from '../matches/fairness';
import { MatchRepository } from '../matches/match-repository';
import { botDueOf, deadlineOf } from '../matches/projection';
import { clockSettings, fromEngineError } from '../matches/match.service';
import { newSeed } from '../matches/tokens';
import { PlayerDirectory } from '../players/player-directory';
import { isPlayerKey } from '../players/player-key';
import type { PlayerRecord } from '../players/player-store.port';
import { displayed } from '../ratings/rating-model';
import { RATINGS_STORE, type RatingsStore } from '../ratings/ratings-store.port';
import { refuseWebhookUrl } from '../webhooks/webhook-url';
import type { CreateTournamentDto } from './dto';
import type { Round } from './pairing';
import { ARENA_POINTS_SCALE } from './arena';
import { startsAtOf, webhookSecretOf } from './create-checks';
import { arenaRound, byesOf, nextSwissRound, planOf } from './rounds';
import { plannedMatches } from './size';
import { standingsOf } from './standings';
import {
  type EntrantRecord,
  type NewRound,
  TOURNAMENT_STORE,
  type TournamentMatchRecord,
  type TournamentRecord,
  type TournamentStore,
} from './tournament-store.port';
import type { EntrantView, StandingView, TournamentMatchView, TournamentResponse } from './tournament.types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Matches a page of GET /tournaments/{id} holds unless `limit` says otherwise. */
export const TOURNAMENT_PAGE = 50;

/** A page cursor, `"<round>.<table>"` of the last match of the page before; anything else is 400. */
function cursorOf(cursor: string | undefined): [number, number] | null {
  if (cursor === undefined) return null;
  const m = /^(\d{1,9})\.(\d{1,9})$/.exec(cursor);
  if (!m) throw invalid('cursor: the nextCursor of the page before.', 'cursor/invalid');
  return [Number(m[1]), Number(m[2])];
}

/** A match as the tournament's answers and stream show it: id, entrant names by seat, points once it ended. */
export function matchView(m: TournamentMatchRecord, names: readonly string[]): TournamentMatchView {
  return {
    id: m.matchId,
    seats: m.entrants.map((e) => names[e] as string),
    points: m.result ? [...m.result.points] : null,
  };
}

const invalid = (message: string, reason: string): ApiError => new ApiError('VALIDATION_FAILED', message, reason);

/** Creates tournaments (with their first round) and answers their state; the director plays the rounds on. */
@Injectable()
export class TournamentService {
  constructor(
    @Inject(ENGINES) private readonly engines: ReadonlyMap<string, AnyEngine>,
    @Inject(TOURNAMENT_STORE) private readonly store: TournamentStore,
    @Inject(RATINGS_STORE) private readonly ratings: RatingsStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly access: MatchRepository,
    private readonly players: PlayerDirectory,
  ) {}

  /** `bearer`: the request's `Authorization: Bearer` token, if any; a player entrant must be the player it names. */
  async create(input: CreateTournamentDto, bearer?: string): Promise<TournamentResponse> {
    const engine = this.engines.get(input.game);
    if (!engine)
      throw invalid(`game: no game ${JSON.stringify(input.game)}; see GET /games.`, 'tournament/unknown-game');
    const k = input.seatsPerMatch ?? engine.seats.min;
    if (k < engine.seats.min || k > engine.seats.max) {
      throw invalid(
        `seatsPerMatch: ${engine.id} takes ${engine.seats.min} to ${engine.seats.max} seats.`,
        'tournament/seats-per-match',
      );
    }
    const n = input.entrants.length;
    if (k > n) throw invalid(`seatsPerMatch ${k} needs at least ${k} entrants.`, 'tournament/too-few-entrants');
    const arena = input.format === 'arena';
    if (arena !== (input.minutes !== undefined && input.minutes !== null)) {
      throw invalid(
        arena ? 'minutes: an arena needs its duration.' : 'minutes: only an arena has a duration; give rounds.',
        'tournament/minutes',
      );
    }
    if (arena && input.rounds !== undefined && input.rounds !== null)
      throw invalid('rounds: an arena pairs by time, not rounds; give minutes.', 'tournament/rounds');
    const rounds = input.rounds ?? (input.format === 'swiss' ? Math.max(1, Math.ceil(Math.log2(n))) : 1);
    // Counted, not listed: nothing below runs for a tournament over the cap (size.ts).
    const planned = plannedMatches({ format: input.format, n, k, rounds, minSeats: engine.seats.min });
    const cap = this.config.tournamentMaxMatches;
    if (planned > cap) {
      throw new ApiError(
        'VALIDATION_FAILED',
        `This tournament would plan ${planned} matches; at most ${cap} are allowed (fewer entrants, rounds or seats per match).`,
        'tournament/too-large',
        { plannedMatches: planned, maxMatches: cap },
      );
    }
    const options = engine.parseOptions(input.options, k);
    if (!options.ok) throw fromEngineError(options.error);
    const clock = clockSettings({ timeControl: input.timeControl, onTimeout: input.onTimeout });
    const now = this.clock.now();
    const start = startsAtOf(input.startsAt, now);
    if (!start.ok) throw invalid(start.message, start.reason);
    // Later: no round now; the director creates the first one at startsAt (so no match, clock or bot turn before).
    const later = start.value.getTime() > now.getTime();
    const entrants = await this.entrants(engine, input, bearer);
    // A round ends when its matches do: bots always move, a player only within a clock.
    if (clock === null && entrants.some((e) => e.kind === 'player')) {
      throw invalid(
        'timeControl: a tournament with players needs one, so that every round ends.',
        'tournament/time-control-needed',
      );
    }
    const id = randomUUID();
    // The plan is listed here, once, under the cap, and stored: no read and no later round lists it again.
    const { plannedRounds, schedule } = planOf({ format: input.format, rounds, seatsPerMatch: k, entrants });
    const record: TournamentRecord = {
      id,
      game: engine.id,
      format: input.format,
      rounds,
      seatsPerMatch: k,
      options: input.options ?? {},
      clock,
      status: 'running',
      roundsCreated: 0,
      plannedRounds,
      botTimeoutMs: input.botTimeoutMs ?? null,
      createdAt: now,
      startsAt: start.value,
      matches: [],
      endsAt: arena ? new Date(start.value.getTime() + (input.minutes as number) * 60_000) : null,
      entrants: entrants.map((e) => ({ ...e, requests: 0, failures: 0, latencyMs: 0 })),
    };
    const first = later
      ? null
      : this.roundMatches(
          engine,
          record,
          arena
            ? arenaRound(record)
            : schedule === null
              ? nextSwissRound(record, engine.seats.min)
              : (schedule[0] ?? []),
        );
    await this.store.create({ ...record, entrants, plannedRounds, schedule }, first);
    // The first round's matches, committed with the tournament (a later start: the director counts its own).
    if (first !== null) {
      this.access.metrics.matchesCreated(engine.id, first.length);
      this.access.created(
        engine,
        first.map((m) => m.match),
      );
    }
    const response = await this.get(id);
    // The secrets the server made, shown this once; a bot's own secret is not repeated (its owner holds it).
    const secrets = new Map(
      entrants.filter((e) => e.secret !== null && !e.ownSecret).map((e) => [e.name, e.secret as string]),
    );
    return {
      ...response,
      entrants: response.entrants.map((e) => (secrets.has(e.name) ? { ...e, webhookSecret: secrets.get(e.name) } : e)),
    };
  }

  /**
   * `GET /tournaments/{id}`: everything but the matches whole, and one page of the matches in (round, table)
   * order: up to `limit` (default 50) after `cursor` (the last page's `nextCursor`, `"<round>.<table>"` of its
   * last match), grouped in `rounds` as in the whole answer (a round split by a page shows its part on each).
   */
  async get(id: string, page: { cursor?: string; limit?: number } = {}): Promise<TournamentResponse> {
    const after = cursorOf(page.cursor);
    const limit = page.limit ?? TOURNAMENT_PAGE;
    const { t, standings } = await this.state(id);
    const names = t.entrants.map((e) => e.name);
    const rest = t.matches.filter(
      (m) => after === null || m.round > after[0] || (m.round === after[0] && m.table > after[1]),
    );
    const shown = rest.slice(0, limit);
    const rounds: TournamentResponse['rounds'] = [];
    for (const m of shown) {
      if (rounds[rounds.length - 1]?.round !== m.round) rounds.push({ round: m.round, matches: [] });
      rounds[rounds.length - 1]?.matches.push(matchView(m, names));
    }
    const last = shown[shown.length - 1];
    return {
      id: t.id,
      game: t.game,
      format: t.format,
      // Stored as running from its creation; upcoming until the director created its first round at startsAt.
      status: t.status === 'running' && t.roundsCreated === 0 ? 'upcoming' : t.status,
      startsAt: (t.startsAt ?? t.createdAt).toISOString(),
      seatsPerMatch: t.seatsPerMatch,
      plannedRounds: t.format === 'arena' ? null : await this.plannedRounds(t),
      endsAt: t.endsAt?.toISOString() ?? null,
      botTimeoutMs: t.botTimeoutMs ?? this.config.botHttpTimeoutMs,
      entrants: t.entrants.map(entrantView),
      standings: standings(t.matches, t.roundsCreated),
      rounds,
      nextCursor: rest.length > shown.length && last ? `${last.round}.${last.table}` : null,
      createdAt: t.createdAt.toISOString(),
    };
  }

  /**
   * The tournament as stored, and its standings over some of its matches and rounds (all of them: the current
   * standings; a prefix: the standings as they were at a step of its stream). One read of the tournament, one
   * of its entrants' ratings.
   */
  async state(id: string): Promise<{
    t: TournamentRecord;
    standings: (matches: readonly TournamentMatchRecord[], roundsCreated: number) => StandingView[];
  }> {
    const t = UUID.test(id) ? await this.store.load(id.toLowerCase()) : null;
    if (!t) throw new ApiError('TOURNAMENT_NOT_FOUND', `No tournament ${id.slice(0, 64)}.`);
    const keyOf = (e: EntrantRecord): string => (e.playerId !== null ? `player:${e.playerId}` : `bot:${e.name}`);
    const rated = new Map((await this.ratings.ratings(t.game, t.entrants.map(keyOf))).map((r) => [r.key, r]));
    const standings = (matches: readonly TournamentMatchRecord[], roundsCreated: number): StandingView[] =>
      standingsOf({
        entrants: t.entrants,
        matches,
        byes: byesOf({ format: t.format, entrants: t.entrants, matches, roundsCreated }),
        scale: t.format === 'arena' ? ARENA_POINTS_SCALE : 1,
      }).map((s) => {
        const rating = rated.get(keyOf(t.entrants[s.idx] as EntrantRecord));
        return {
          name: s.name,
          points: s.points,
          played: s.played,
          rating: rating ? displayed(rating) : null,
          buchholz: s.buchholz,
          sonnebornBerger: s.sonnebornBerger,
        };
      });
    return { t, standings };
  }

  /** The rounds a tournament plays in all: stored at creation (a row older than that column gets its plan listed once). */
  async plannedRounds(t: TournamentRecord): Promise<number> {
    if (t.plannedRounds !== null) return t.plannedRounds;
    const { plannedRounds, schedule } = planOf(t);
    await this.store.savePlan(t.id, plannedRounds, schedule);
    return plannedRounds;
  }

  /** The tables of round `t.roundsCreated + 1`: a round robin's from its stored schedule, a Swiss one paired now. */
  async nextRound(engine: AnyEngine, t: TournamentRecord): Promise<Round> {
    if (t.format === 'swiss') return nextSwissRound(t, engine.seats.min);
    await this.plannedRounds(t);
    return this.store.scheduledRound(t.id, t.roundsCreated + 1);
  }

  /** The matches of a round, seated and ready to be created together (each active at once, its clock running). */
  roundMatches(engine: AnyEngine, t: TournamentRecord, round: Round): NewRound {
    const decider = this.access.decider(engine);
    const createdAt = this.clock.now();
    return round.map((table) => {
      const holders = table.map((e) => holderOf(t.entrants[e] as EntrantRecord));
      const parsed = engine.parseOptions(t.options, table.length);
      if (!parsed.ok) throw fromEngineError(parsed.error);
      const seed = newSeed();
      const clock = t.clock;
      const state = decider.initialState({
        seed,
        options: parsed.value,
        seats: holders,
        expiresAt: null,
        clock,
        createdAt: createdAt.getTime(),
      });
      const toMove = decider.toMove(state);
      return {
        entrants: table,
        match: {
          id: randomUUID(),
          game: engine.id,
          rulesVersion: engine.rulesVersion,
          seed,
          ...commitTo(engine, seed),
          options: parsed.value,
          status: state.status,
          toMove,
          unlisted: false,
          expiresAt: null,
          rematchOf: null,
          clock,
          createdAt,
          deadlineAt: deadlineOf(state),
          botDueAt: botDueOf(state, toMove, createdAt.getTime()),
          seats: holders.map((holder, seat) => ({ seat, holder, tokenHash: null })),
        },
      };
    });
  }

  /** The player whose key the request carries: null without one (or with a seat token); an unknown key is 401. */
  private async caller(bearer: string | undefined): Promise<PlayerRecord | null> {
    if (bearer === undefined || !isPlayerKey(bearer)) return null;
    const player = await this.players.identify(bearer);
    if (!player) throw new ApiError('UNAUTHENTICATED', 'Unknown player key.');
    return player;
  }

  private async entrants(
    engine: AnyEngine,
    input: CreateTournamentDto,
    bearer: string | undefined,
  ): Promise<NewEntrant[]> {
    const out: NewEntrant[] = [];
    let caller: PlayerRecord | null | undefined;
    for (const [idx, e] of input.entrants.entries()) {
      const kinds = [e.bot, e.url, e.player].filter((x) => x !== undefined).length;
      if (kinds !== 1) throw invalid(`entrants.${idx}: give exactly one of bot, url or player.`, 'entrants/kind');
      if (e.webhookSecret !== undefined && e.url === undefined)
        throw invalid(
          `entrants.${idx}.webhookSecret: only an HTTP bot (an entrant with a url) has one.`,
          'entrants/kind',
        );
      const base = { idx, bot: null, url: null, secret: null, playerId: null, ownSecret: false };
      if (e.player !== undefined) {
        // A player enters itself, nobody else (docs/api.md "Bots and tournaments"): the request carries its key.
        caller ??= await this.caller(bearer);
        if (caller === null || caller.id !== e.player.toLowerCase()) {
          throw new ApiError(
            'FORBIDDEN',
            `entrants.${idx}.player: a player enters a tournament only itself, with its own player key (Authorization: Bearer tbp_…).`,
            'entrants/not-yourself',
          );
        }
        out.push({ ...base, name: e.name ?? caller.name, kind: 'player', playerId: caller.id });
        continue;
      }
      if (e.name === undefined)
        throw invalid(`entrants.${idx}.name: a bot entrant needs a name.`, 'entrants/name-missing');
      if (e.bot !== undefined) {
        if (!findBot(engine.id, e.bot))
          throw invalid(
            `entrants.${idx}.bot: ${engine.id} has no bot ${JSON.stringify(e.bot)}; see GET /games/${engine.id}/bots.`,
            'entrants/unknown-bot',
          );
        out.push({ ...base, name: e.name, kind: 'bot', bot: e.bot });
        continue;
      }
      const refused = refuseWebhookUrl(e.url as string, this.config.webhookAllowPrivate);
      if (refused) throw invalid(`entrants.${idx}.url ${refused}.`, 'entrants/url-refused');
      // Its own secret (so its host knows it before the first turn), else one made here and answered once.
      const own = e.webhookSecret === undefined ? null : webhookSecretOf(e.webhookSecret);
      if (own !== null && !own.ok) throw invalid(`entrants.${idx}.${own.message}`, own.reason);
      out.push({
        ...base,
        name: e.name,
        kind: 'http',
        url: e.url as string,
        secret: own?.value ?? `whsec_${randomBytes(32).toString('base64')}`,
        ownSecret: own !== null,
      });
    }
    const names = out.map((e) => e.name);
    const twice = names.find((name, i) => names.indexOf(name) !== i);
    if (twice !== undefined)
      throw invalid(
        `entrants: the name ${JSON.stringify(twice)} is taken twice; names are unique in a tournament.`,
        'entrants/name-taken',
      );
    return out;
  }
}

/** An entrant as created: no calls counted yet; `ownSecret`: the HTTP bot brought its webhookSecret. */
type NewEntrant = Omit<EntrantRecord, 'requests' | 'failures' | 'latencyMs'> & { readonly ownSecret: boolean };

/** Who holds an entrant's seat: a bot (built-in or HTTP, named as the entrant) or the player. */
function holderOf(e: EntrantRecord): SeatHolder {
  if (e.kind === 'player') return { name: e.name, player: e.playerId, open: false };
  return { name: e.name, player: null, open: false, bot: e.kind === 'http' ? 'http' : (e.bot as string) };
}

function entrantView(e: EntrantRecord): EntrantView {
  if (e.kind === 'player') return { name: e.name, kind: 'player', player: e.playerId as string };
  if (e.kind === 'bot') return { name: e.name, kind: 'bot', bot: e.bot as string };
  return {
    name: e.name,
    kind: 'http',
    url: e.url as string,
    requests: e.requests,
    failures: e.failures,
    meanLatencyMs: e.requests === 0 ? null : Math.round(e.latencyMs / e.requests),
  };
}
