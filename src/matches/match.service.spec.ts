/**
 * MatchService on the in-memory event store (Emmett's given/when/then, at the service's level): the move path
 * as the HTTP routes drive it, without Postgres. The Postgres adapter is tested end to end (test/).
 */
import { ApiError } from '../common/api-error';
import type { AppConfig } from '../common/config';
import type { AnyEngine } from '../engine/core';
import { deblockleEngine } from '../engine/deblockle';
import { reversiEngine } from '../engine/reversi';
import { splitEngine } from '../engine/split';
import { buildPosition, playWire } from '../engine/split/fixtures';
import type { PlayerDirectory } from '../players/player-directory';
import { type AppendEffect, AppendEffects } from './append-effects';
import { InMemoryEventStore, InMemorySnapshotStore } from './in-memory-event-store';
import { MatchAuthorizer } from './match-authorizer';
import { MatchPresenter } from './match-presenter';
import { MatchRepository } from './match-repository';
import { MatchService } from './match.service';

const reversi: AnyEngine = reversiEngine;
const deblockle: AnyEngine = deblockleEngine;

class TestClock {
  at = Date.parse('2026-12-02T12:00:00.000Z');
  now(): Date {
    return new Date(this.at);
  }
}

/** One server instance over `store`: its own caches, as a second instance on the same database has. */
function instance(store: InMemoryEventStore, effects: AppendEffect[] = []) {
  const clock = new TestClock();
  const repository = new MatchRepository(store, new InMemorySnapshotStore(), clock, AppendEffects.of(...effects));
  const players = { identify: async () => null } as unknown as PlayerDirectory;
  const authorizer = new MatchAuthorizer(repository, store, players);
  const config = { waitingTtlSeconds: 600 } as AppConfig;
  return {
    clock,
    repository,
    service: new MatchService(repository, authorizer, new MatchPresenter(repository, clock), clock, config),
  };
}

function setup(effects: AppendEffect[] = []) {
  const store = new InMemoryEventStore();
  return { store, ...instance(store, effects) };
}

/** The error a promise rejects with (it must reject). */
async function refusal(p: Promise<unknown>): Promise<ApiError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('MatchService on the in-memory event store', () => {
  describe('the fast path', () => {
    it('appends a move of a known seat on the cached state in one store call: no read of the match, no idempotency look-up', async () => {
      const { store, service } = setup();
      const m = await service.create(reversi, { players: [{ name: 'ann' }, { name: 'bob' }] });
      const [load, append, lookup] = [
        jest.spyOn(store, 'loadMatch'),
        jest.spyOn(store, 'append'),
        jest.spyOn(store, 'findByIdempotencyKey'),
      ];
      const moved = await service.move(reversi, m.id, m.seats[0]!.token, {
        move: { square: 'd3' },
        expectedVersion: 0,
        idempotencyKey: 'k1',
      });
      expect(moved).toMatchObject({ replayed: false, response: { version: 1, toMove: [1], you: 0 } });
      expect([load.mock.calls.length, append.mock.calls.length, lookup.mock.calls.length]).toEqual([0, 1, 0]);
      expect((await store.events(m.id)).map((e) => [e.seq, e.seat, e.payload, e.idempotencyKey])).toEqual([
        [1, 0, { square: 'd3' }, 'k1'],
      ]);
    });

    it("on a cold instance reads the match once (with the caller's seat), checks the version once, and appends", async () => {
      const { store, service } = setup();
      const m = await service.create(reversi, { players: [{ name: 'ann' }, { name: 'bob' }] });
      const cold = instance(store).service;
      const [load, lookup] = [jest.spyOn(store, 'loadMatch'), jest.spyOn(store, 'findByIdempotencyKey')];
      const moved = await cold.move(reversi, m.id, m.seats[0]!.token, {
        move: { square: 'd3' },
        expectedVersion: 0,
        idempotencyKey: 'k1',
      });
      expect(moved.response.version).toBe(1);
      expect(load).toHaveBeenCalledTimes(1);
      expect(lookup).not.toHaveBeenCalled(); // a new key needs no read: the append's unique key guards it
    });

    it("refuses an illegal move with the engine's error and writes nothing", async () => {
      const { store, service } = setup();
      const m = await service.create(reversi, { players: [{ name: 'ann' }, { name: 'bob' }] });
      const error = await refusal(
        service.move(reversi, m.id, m.seats[0]!.token, { move: { square: 'a1' }, expectedVersion: 0 }),
      );
      expect(error.code).toBe('ILLEGAL_MOVE');
      expect(await store.events(m.id)).toEqual([]);
    });
  });

  describe('idempotency', () => {
    it('answers the same key and body with the first response, marked replayed, and writes one event', async () => {
      const { store, service } = setup();
      const m = await service.create(reversi, { players: [{ name: 'ann' }, { name: 'bob' }] });
      const input = { move: { square: 'd3' }, expectedVersion: 0, idempotencyKey: 'same' };
      const first = await service.move(reversi, m.id, m.seats[0]!.token, input);
      const lookup = jest.spyOn(store, 'findByIdempotencyKey');
      const again = await service.move(reversi, m.id, m.seats[0]!.token, input);
      expect(again.replayed).toBe(true);
      expect(again.response).toEqual(first.response);
      expect(lookup).toHaveBeenCalledTimes(1);
      expect(await store.events(m.id)).toHaveLength(1);
      // Still the first answer after the match moved on, from another instance too.
      await service.move(reversi, m.id, m.seats[1]!.token, { move: { square: 'c3' }, expectedVersion: 1 });
      const later = await instance(store).service.move(reversi, m.id, m.seats[0]!.token, input);
      expect(later).toEqual({ response: first.response, replayed: true });
    });

    it('refuses the same key with another body (IDEMPOTENCY_KEY_REUSED), at the stale version and at the current one, looking the key up once each', async () => {
      const { store, service } = setup();
      const m = await service.create(reversi, { players: [{ name: 'ann' }, { name: 'bob' }] });
      await service.move(reversi, m.id, m.seats[0]!.token, {
        move: { square: 'd3' },
        expectedVersion: 0,
        idempotencyKey: 'k',
      });
      await service.move(reversi, m.id, m.seats[1]!.token, { move: { square: 'c3' }, expectedVersion: 1 });
      const lookup = jest.spyOn(store, 'findByIdempotencyKey');
      const stale = await refusal(
        service.move(reversi, m.id, m.seats[0]!.token, {
          move: { square: 'c4' },
          expectedVersion: 0,
          idempotencyKey: 'k',
        }),
      );
      expect(stale.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(lookup).toHaveBeenCalledTimes(1);
      // At the current version the move is legal: the append's unique key refuses it, then the one look-up words it.
      const legal = (await service.legalMoves(reversi, m.id, m.seats[0]!.token)).moves[0];
      const current = await refusal(
        service.move(reversi, m.id, m.seats[0]!.token, { move: legal, expectedVersion: 2, idempotencyKey: 'k' }),
      );
      expect(current.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(lookup).toHaveBeenCalledTimes(2);
      expect(await store.events(m.id)).toHaveLength(2);
    });

    it('gives one event and the same answer to a keyed request racing with itself', async () => {
      const { store, service } = setup();
      const m = await service.create(reversi, { players: [{ name: 'ann' }, { name: 'bob' }] });
      const input = { move: { square: 'd3' }, expectedVersion: 0, idempotencyKey: 'race' };
      const answers = await Promise.all(
        [service, instance(store).service, instance(store).service].map((s) =>
          s.move(reversi, m.id, m.seats[0]!.token, input),
        ),
      );
      expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
      expect(new Set(answers.map((a) => JSON.stringify(a.response))).size).toBe(1);
      expect(await store.events(m.id)).toHaveLength(1);
    });
  });

  describe('stale versions', () => {
    it('answers 409 VERSION_CONFLICT with the current version to a move on a version another move has passed', async () => {
      const { store, service } = setup();
      const m = await service.create(reversi, { players: [{ name: 'ann' }, { name: 'bob' }] });
      await service.move(reversi, m.id, m.seats[0]!.token, { move: { square: 'd3' }, expectedVersion: 0 });
      const error = await refusal(
        service.move(reversi, m.id, m.seats[1]!.token, { move: { square: 'c3' }, expectedVersion: 0 }),
      );
      expect([error.code, error.status, error.details]).toEqual(['VERSION_CONFLICT', 409, { currentVersion: 1 }]);
      expect(await store.events(m.id)).toHaveLength(1);
    });

    it("keeps the version guard when this instance's cache is stale: the append refuses, and the 409 names the version now", async () => {
      const { store, service } = setup();
      const m = await service.create(reversi, { players: [{ name: 'ann' }, { name: 'bob' }] });
      await instance(store).service.move(reversi, m.id, m.seats[0]!.token, {
        move: { square: 'd3' },
        expectedVersion: 0,
      }); // another instance
      const append = jest.spyOn(store, 'append');
      // This instance still holds version 0 and knows seat 0: its fast path tries, the guard refuses.
      const error = await refusal(
        service.move(reversi, m.id, m.seats[0]!.token, { move: { square: 'd3' }, expectedVersion: 0 }),
      );
      expect([error.code, error.details]).toEqual(['VERSION_CONFLICT', { currentVersion: 1 }]);
      expect(append.mock.results.length).toBe(1);
      await expect(append.mock.results[0]!.value).resolves.toEqual({ ok: false, conflict: 'version-conflict' });
      expect(await store.events(m.id)).toHaveLength(1);
    });

    it('gives exactly one success to concurrent moves on one version, across instances', async () => {
      const { store, service } = setup();
      const m = await service.create(reversi, { players: [{ name: 'ann' }, { name: 'bob' }] });
      const services = [service, ...[1, 2, 3, 4].map(() => instance(store).service)];
      const results = await Promise.allSettled(
        services.map((s) => s.move(reversi, m.id, m.seats[0]!.token, { move: { square: 'd3' }, expectedVersion: 0 })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results)
        if (r.status === 'rejected') expect((r.reason as ApiError).code).toBe('VERSION_CONFLICT');
      expect(await store.events(m.id)).toHaveLength(1);
    });

    it('asks for the version when a move names none', async () => {
      const { store, service } = setup();
      const m = await service.create(reversi, { players: [{ name: 'ann' }, { name: 'bob' }] });
      const error = await refusal(
        instance(store).service.move(reversi, m.id, m.seats[0]!.token, { move: { square: 'd3' } }),
      );
      expect([error.code, error.reason]).toEqual(['VALIDATION_FAILED', 'expected-version/missing']);
    });
  });

  describe('simultaneous phases', () => {
    /** Each seat's first legal setup placement. */
    const placement = async (service: MatchService, id: string, token: string): Promise<unknown> =>
      (await service.legalMoves(deblockle, id, token, undefined, 1)).moves[0];

    it('lets both Deblockle seats post their hidden setup on version 0: the second is stale but saw nothing new', async () => {
      const { store, service } = setup();
      const m = await service.create(deblockle, { players: [{ name: 'gold' }, { name: 'blue' }] });
      const [p0, p1] = [
        await placement(service, m.id, m.seats[0]!.token),
        await placement(service, m.id, m.seats[1]!.token),
      ];
      await service.move(deblockle, m.id, m.seats[0]!.token, { move: p0, expectedVersion: 0 });
      const second = await service.move(deblockle, m.id, m.seats[1]!.token, { move: p1, expectedVersion: 0 });
      expect(second.response).toMatchObject({ version: 2, view: { phase: 'play' } });
      expect((await store.events(m.id)).map((e) => [e.seat, e.payload])).toEqual([
        [0, p0],
        [1, p1],
      ]);
    });

    it("hides a seat's setup from the other seat until both have placed", async () => {
      const { service } = setup();
      const m = await service.create(deblockle, { players: [{ name: 'gold' }, { name: 'blue' }] });
      const p0 = await placement(service, m.id, m.seats[0]!.token);
      await service.move(deblockle, m.id, m.seats[0]!.token, { move: p0, expectedVersion: 0 });
      const asBlue = (await service.log(deblockle, m.id, m.seats[1]!.token)).log.entries[0] as unknown as Record<
        string,
        unknown
      >;
      const asGold = (await service.log(deblockle, m.id, m.seats[0]!.token)).log.entries[0] as unknown as Record<
        string,
        unknown
      >;
      expect(asGold.move).toEqual(p0);
      expect(asBlue.move).not.toEqual(p0);
    });

    it('still refuses a stale version once something the mover can see has happened', async () => {
      const { store, service } = setup();
      const m = await service.create(deblockle, { players: [{ name: 'gold' }, { name: 'blue' }] });
      const [p0, p1] = [
        await placement(service, m.id, m.seats[0]!.token),
        await placement(service, m.id, m.seats[1]!.token),
      ];
      await service.move(deblockle, m.id, m.seats[0]!.token, { move: p0, expectedVersion: 0 });
      await service.move(deblockle, m.id, m.seats[1]!.token, { move: p1, expectedVersion: 1 }); // setup over: both shown
      const now = await service.get(deblockle, m.id, undefined);
      const mover = now.toMove[0] as number;
      const turn = (await service.legalMoves(deblockle, m.id, m.seats[mover]!.token)).moves[0];
      const error = await refusal(
        service.move(deblockle, m.id, m.seats[mover]!.token, { move: turn, expectedVersion: 1 }),
      );
      expect([error.code, error.details]).toEqual(['VERSION_CONFLICT', { currentVersion: 2 }]);
      expect(await store.events(m.id)).toHaveLength(2);
    });
  });

  describe("sealed moves: Split's last melds", () => {
    // Split, dealt straight into the last-melds phase (src/engine/split/round-end.spec.ts): seat 1 went out on
    // its first turn; seats 0 and 2 lay their last matches at the same time, each hidden until both have.
    const wentOut = () =>
      playWire(
        buildPosition({
          hands: [['2S', '2S', '3H', '3D', '3S', 'KC'], ['4C'], ['9C', '9D']],
          matches: [{ seat: 1, cards: ['QS', 'QS'] }],
          turnOf: 1,
          dealer: 0,
          step: 'meld',
          turnsBegun: [0, 1, 0],
        }),
        1,
        { type: 'discard', card: '4C' },
      );
    const split: AnyEngine = { ...(splitEngine as AnyEngine), setup: () => wentOut() };
    const players = [{ name: 'ann' }, { name: 'bob' }, { name: 'cy' }];
    const melds0 = {
      type: 'lastMelds',
      matches: [
        ['2S', '2S'],
        ['3H', '3D'],
      ],
    };
    const melds2 = { type: 'lastMelds', matches: [['9C', '9D']] };

    it("takes both seats' sealed melds on version 0, each seat seeing only its own until the round is scored", async () => {
      const { store, service } = setup();
      const m = await service.create(split, { players });
      expect(m.toMove).toEqual([0, 2]);
      await service.move(split, m.id, m.seats[0]!.token, { move: melds0, expectedVersion: 0 });
      const as2 = await service.get(split, m.id, m.seats[2]!.token);
      const as0 = await service.get(split, m.id, m.seats[0]!.token);
      expect((as2.view as { lastMelds: unknown }).lastMelds).toEqual({ waiting: [2], sent: [0] });
      expect((as0.view as { lastMelds: unknown }).lastMelds).toEqual({ waiting: [2], sent: [0], mine: melds0.matches });
      const log2 = (await service.log(split, m.id, m.seats[2]!.token)).log.entries[0] as unknown as { move: unknown };
      expect(log2.move).toEqual({ type: 'lastMelds', hidden: true });
      // Seat 2 decided on version 0: stale, but nothing since is visible to it.
      const second = await instance(store).service.move(split, m.id, m.seats[2]!.token, {
        move: melds2,
        expectedVersion: 0,
      });
      expect(second.response).toMatchObject({ version: 2, view: { round: 2, phase: 'play' } });
      const shown = (await service.log(split, m.id, m.seats[2]!.token)).log.entries[0] as unknown as { move: unknown };
      expect(shown.move).toEqual(melds0); // revealed once the round was scored
    });

    it("refuses a sealed move on a version the round has passed (409), and a seat's second melds", async () => {
      const { store, service } = setup();
      const m = await service.create(split, { players });
      await service.move(split, m.id, m.seats[0]!.token, { move: melds0, expectedVersion: 0 });
      const again = await refusal(
        service.move(split, m.id, m.seats[0]!.token, { move: { type: 'lastMelds', matches: [] }, expectedVersion: 1 }),
      );
      expect(again.code).toBe('NOT_YOUR_TURN');
      await service.move(split, m.id, m.seats[2]!.token, { move: melds2, expectedVersion: 1 });
      const now = await service.get(split, m.id, undefined);
      const mover = now.toMove[0] as number;
      const error = await refusal(
        service.move(split, m.id, m.seats[mover]!.token, { move: { type: 'draw' }, expectedVersion: 1 }),
      );
      expect([error.code, error.details]).toEqual(['VERSION_CONFLICT', { currentVersion: 2 }]);
      expect(await store.events(m.id)).toHaveLength(2);
    });
  });

  describe('append effects', () => {
    it("writes the effect's outbox message with the events of the append, and tells the effects once it committed", async () => {
      const committed: [number, boolean][] = [];
      const effect: AppendEffect = {
        outbox: (c) => ({
          type: `${c.before ?? 'none'}->${c.status}`,
          messageId: `msg_${c.seq}`,
          body: JSON.stringify({ seq: c.seq, toMove: c.toMove }),
        }),
        committed: (c, outbox) => committed.push([c.seq, outbox]),
        refuseEndpoint: (url) => (url.startsWith('https://') ? null : 'must be https'),
      };
      const { store, service } = setup([effect]);
      await expect(
        refusal(service.create(reversi, { players: [{ name: 'a' }, { name: 'b' }], webhooks: [{ url: 'http://x' }] })),
      ).resolves.toMatchObject({ code: 'VALIDATION_FAILED', reason: 'webhooks/url-refused' });
      const m = await service.create(reversi, {
        players: [{ name: 'a' }, { name: 'b' }],
        webhooks: [{ url: 'https://x' }, { url: 'https://y' }],
      });
      await service.move(reversi, m.id, m.seats[0]!.token, { move: { square: 'd3' }, expectedVersion: 0 });
      expect(store.outbox(m.id).map((o) => o.messageId)).toEqual(['msg_0', 'msg_0', 'msg_1', 'msg_1']); // one row per endpoint
      expect(store.outbox(m.id)[2]).toMatchObject({ type: 'active->active', body: '{"seq":1,"toMove":[1]}' });
      expect(committed).toEqual([
        [0, true],
        [1, true],
      ]);
      // A match without endpoints writes no outbox row.
      const plain = await service.create(reversi, { players: [{ name: 'a' }, { name: 'b' }] });
      await service.move(reversi, plain.id, plain.seats[0]!.token, { move: { square: 'd3' }, expectedVersion: 0 });
      expect(store.outbox(plain.id)).toEqual([]);
      expect(committed.slice(2)).toEqual([
        [0, false],
        [1, false],
      ]);
    });
  });
});
