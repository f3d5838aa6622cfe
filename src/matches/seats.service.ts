import { Inject, Injectable } from '@nestjs/common';
import type { AnyEngine, Seat } from '../engine/core';
import { ApiError } from '../common/api-error';
import { CLOCK, type Clock } from '../common/clock';
import { isPlayerKey } from '../players/player-key';
import { PlayerDirectory } from '../players/player-directory';
import type { MatchRecord } from './event-store.port';
import { findBot } from '../engine/bots';
import { commitTo } from './fairness';
import { MatchAuthorizer } from './match-authorizer';
import { fromMatchError } from './match-errors';
import { MatchPresenter } from './match-presenter';
import { type Loaded, MatchRepository } from './match-repository';
import { botDueOf, deadlineOf } from './projection';
import type { JoinInput, SeatedResponse } from './match.types';
import { rematchIdOf } from './rematch-id';
import { hashToken, newSeatToken, newSeed, rematchToken } from './tokens';

/** Joins re-decide on the fresh state after losing a race; each lost race means someone else's event landed. */
const JOIN_ATTEMPTS = 20;

/** Who holds a seat, and how: joining an open seat, replacing a seat token, and the rematch. */
@Injectable()
export class SeatsService {
  constructor(
    private readonly access: MatchRepository,
    private readonly authorizer: MatchAuthorizer,
    private readonly presenter: MatchPresenter,
    private readonly players: PlayerDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async join(engine: AnyEngine, id: string, token: string | undefined, input: JoinInput): Promise<SeatedResponse> {
    if (input.bot !== undefined) return this.seatBot(engine, id, input);
    if (token !== undefined && !isPlayerKey(token))
      throw new ApiError('UNAUTHENTICATED', 'Join with a player key, or without Authorization.');
    const player = token === undefined ? null : await this.players.identify(token);
    if (token !== undefined && !player) throw new ApiError('UNAUTHENTICATED', 'Unknown player key.');
    const name = input.name ?? player?.name;
    if (name === undefined)
      throw new ApiError('VALIDATION_FAILED', 'name: a join without a player key needs a name.', 'join/name-missing');

    for (let attempt = 0; attempt < JOIN_ATTEMPTS; attempt++) {
      const { match } = await this.access.loadRecord(engine, id);
      const loaded = await this.expireIfDue(engine, await this.access.load(engine, match));
      if (!loaded) continue;
      const events = this.access.decide(engine, loaded, {
        type: 'Join',
        name,
        seat: input.seat,
        player: player?.id,
        now: this.clock.now().getTime(),
      });
      const event = events.find((e) => e.type === 'SeatJoined');
      if (event?.type !== 'SeatJoined') throw new Error('a join decides a SeatJoined');
      const seatToken = newSeatToken();
      const after = await this.access.append(engine, loaded, events, {
        seatTaken: { seat: event.seat, name, playerId: player?.id ?? null, tokenHash: hashToken(seatToken) },
      });
      if (after) return { ...this.presenter.respond(engine, after, event.seat), seat: event.seat, token: seatToken };
    }
    throw await this.access.versionConflict(id.toLowerCase(), 0);
  }

  /**
   * A server-side bot takes an open seat. The server plays it, and nobody else: the seat has no token (the
   * answer carries the seat and no token), so no caller can move, resign or throw a game for the bot.
   */
  private async seatBot(engine: AnyEngine, id: string, input: JoinInput): Promise<SeatedResponse> {
    const bot = input.bot as string;
    if (!findBot(engine.id, bot)) {
      throw new ApiError(
        'VALIDATION_FAILED',
        `bot: ${engine.id} has no bot ${JSON.stringify(bot)}; see GET /games/${engine.id}/bots.`,
        'join/unknown-bot',
      );
    }
    const name = input.name ?? bot;
    for (let attempt = 0; attempt < JOIN_ATTEMPTS; attempt++) {
      const { match } = await this.access.loadRecord(engine, id);
      const loaded = await this.expireIfDue(engine, await this.access.load(engine, match));
      if (!loaded) continue;
      const events = this.access.decide(engine, loaded, {
        type: 'Join',
        name,
        seat: input.seat,
        bot,
        now: this.clock.now().getTime(),
      });
      const event = events.find((e) => e.type === 'SeatJoined');
      if (event?.type !== 'SeatJoined') throw new Error('a join decides a SeatJoined');
      const after = await this.access.append(engine, loaded, events, {
        seatTaken: { seat: event.seat, name, playerId: null, tokenHash: null, bot },
      });
      // The caller is not the bot's seat: it sees what a spectator sees (the bot's hand stays hidden), and `seat`
      // says where the bot sat.
      if (after) return { ...this.presenter.respond(engine, after, 'spectator'), seat: event.seat };
    }
    throw await this.access.versionConflict(id.toLowerCase(), 0);
  }

  /**
   * Aborts a waiting match whose wait is over at the clock's now, through the decider and the version guard.
   * Answers the state to go on from, or null if another writer moved the match first (re-read it).
   */
  async expireIfDue(engine: AnyEngine, loaded: Loaded): Promise<Loaded | null> {
    const decision = this.access
      .decider(engine)
      .decide(loaded.state, { type: 'Expire', now: this.clock.now().getTime() });
    if (!decision.ok) throw fromMatchError(decision.error);
    if (decision.events.length === 0) return loaded;
    return this.access.append(engine, loaded, decision.events);
  }

  /** A new token for the caller's seat; the seat's previous token stops working at once. */
  async replaceToken(engine: AnyEngine, id: string, token: string | undefined): Promise<{ seat: Seat; token: string }> {
    const { match, viewer, credential } = await this.authorizer.authorize(engine, id, token, true);
    const seat = viewer as Seat;
    const fresh = newSeatToken();
    await this.access.setSeatToken(match.id, seat, hashToken(fresh), false);
    if (credential) this.authorizer.forgetSeat(credential, match.id);
    return { seat, token: fresh };
  }

  /**
   * The next match: same holders, seat i of this one at seat (i + 1) mod n. Idempotent for every caller: one
   * rematch per match (its id is derived from this one's, so the primary key decides a race), and each seat's token is derived from the
   * credential that asks, so a repeat gets the same token though none is stored.
   */
  async rematch(
    engine: AnyEngine,
    id: string,
    token: string | undefined,
  ): Promise<{ response: SeatedResponse; created: boolean }> {
    const { match, viewer } = await this.authorizer.authorize(engine, id, token, true);
    const loaded = await this.access.load(engine, match);
    const decider = this.access.decider(engine);
    const seats = decider.rematchSeats(loaded.state);
    if (!seats.ok) throw fromMatchError(seats.error);

    let next: MatchRecord | null = null;
    let created = false;
    if (match.rematch === null) {
      const seed = newSeed();
      // The rematch keeps the time control (its webhooks are not carried over: their secret was the creator's).
      const createdAt = this.clock.now();
      const state = decider.initialState({
        seed,
        options: match.options,
        seats: seats.seats,
        expiresAt: null,
        clock: match.clock,
        createdAt: createdAt.getTime(),
      });
      next = await this.access.createRematch(engine, {
        id: rematchIdOf(match.id),
        game: engine.id,
        rulesVersion: engine.rulesVersion,
        seed,
        ...commitTo(engine, seed),
        options: match.options,
        status: state.status,
        toMove: decider.toMove(state),
        unlisted: match.unlisted,
        expiresAt: null,
        rematchOf: match.id,
        clock: match.clock,
        createdAt,
        deadlineAt: deadlineOf(state),
        botDueAt: botDueOf(state, decider.toMove(state), createdAt.getTime()),
        seats: seats.seats.map((holder, seat) => ({ seat, holder, tokenHash: null })),
      });
      created = next !== null;
    }
    next ??= (await this.access.loadRecord(engine, rematchIdOf(match.id))).match;

    const seat = ((viewer as Seat) + 1) % seats.seats.length;
    const seatToken = rematchToken(token as string, next.id, seat);
    const stored = await this.access.setSeatToken(next.id, seat, hashToken(seatToken), true);
    if (stored !== hashToken(seatToken)) {
      throw new ApiError(
        'FORBIDDEN',
        "This seat's token in the rematch was claimed with another credential, or replaced since; use that one.",
        'rematch/token-replaced',
      );
    }
    const response = this.presenter.respond(engine, await this.access.load(engine, next), seat);
    return { response: { ...response, seat, token: seatToken }, created };
  }
}
