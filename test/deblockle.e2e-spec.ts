import { type DeblockleView, findSkipLine, positionFromBlocks } from '../src/engine/deblockle';
import { unrevealed, useApp } from './support/harness';
import { playRandomly } from './support/playout';
import { truthOf } from './support/truth';
import { deblockleEngine } from '../src/engine/deblockle';

type Match = { version: number; toMove: number[]; status: string; view: DeblockleView; outcome: unknown };

describe('Deblockle over HTTP', () => {
  const h = useApp();

  it('plays a match to its end: hidden simultaneous setup, a blocked seat skipped, the other moving twice', async () => {
    const { id, seats, body } = await h.client.create('deblockle', ['gold', 'blue']);
    expect(body.toMove).toEqual([0, 1]);
    expect((body.view as DeblockleView).phase).toBe('setup');
    const { seed } = await truthOf(h.db, deblockleEngine, id);

    // Seat 0 places first; seat 1 and spectators must not see where.
    const place0 = (await h.client.legal('deblockle', id, seats[0]!.token, '?limit=1').expect(200)).body;
    expect(place0.nextCursor).not.toBeNull(); // many placements, paged
    await h.client.move('deblockle', id, seats[0]!.token, place0.moves[0], 0).expect(200);
    const seen0 = (await h.client.get('deblockle', id, seats[0]!.token).expect(200)).body as Match;
    const seen1 = (await h.client.get('deblockle', id, seats[1]!.token).expect(200)).body as Match;
    const spect = (await h.client.get('deblockle', id).expect(200)).body as Match;
    expect(seen0.view.setup?.mine?.map((b) => b.square).sort()).toEqual(
      place0.moves[0].blocks.map((b: { square: string }) => b.square).sort(),
    );
    expect(seen1.view.setup?.mine ?? null).toBeNull();
    expect(seen1.view.blocks).toEqual([]);
    expect(spect.view.blocks).toEqual([]);
    expect(seen1.view.setup?.placed).toEqual([true, false]);
    expect(seen1.toMove).toEqual([1]);
    for (const text of [seen1, spect].map((x) => JSON.stringify(x))) {
      for (const b of place0.moves[0].blocks as { square: string }[]) expect(text).not.toContain(`"${b.square}"`);
    }
    const log1 = (await h.client.log('deblockle', id, seats[1]!.token).expect(200)).body;
    expect(log1.entries[0].move).toEqual({ type: 'setup', hidden: true });
    const refused = await h.client.move('deblockle', id, seats[0]!.token, place0.moves[0], 1).expect(409);
    expect(refused.body.code).toBe('NOT_YOUR_TURN');

    const place1 = (await h.client.legal('deblockle', id, seats[1]!.token, '?limit=1').expect(200)).body;
    await h.client.move('deblockle', id, seats[1]!.token, place1.moves[0], 1).expect(200);
    let match = (await h.client.get('deblockle', id).expect(200)).body as Match;
    expect(match.view.phase).toBe('play');
    expect(match.view.blocks).toHaveLength(8);
    expect((await h.client.log('deblockle', id, seats[1]!.token).expect(200)).body.entries[0].move.type).toBe('setup');

    // Steer both seats into a position where one is blocked: rebuilt from what the public view shows.
    const position = positionFromBlocks({
      blocks: match.view.blocks,
      toMove: match.toMove[0],
      turns: match.view.turns,
      removed: match.view.removed as [number, number],
    });
    const line = findSkipLine(position);
    if (!line) throw new Error('no line to a skip found');
    for (const step of line.moves) {
      match = (await h.client.move('deblockle', id, seats[step.seat]!.token, step.move, match.version).expect(200))
        .body as Match;
    }
    const mover = line.moves[line.moves.length - 1]!.seat;
    expect(match.view.skipped).toBe(1 - mover);
    expect(match.toMove).toEqual([mover]);
    const blocked = await h.client.legal('deblockle', id, seats[1 - mover]!.token).expect(200);
    expect(blocked.body.moves).toEqual([]);
    const again = (await h.client.legal('deblockle', id, seats[mover]!.token).expect(200)).body.moves[0];
    match = (await h.client.move('deblockle', id, seats[mover]!.token, again, match.version).expect(200)).body as Match;
    const log = (await h.client.log('deblockle', id, undefined, '?limit=1000').expect(200)).body.entries as {
      seat: number;
    }[];
    expect(log.slice(-2).map((e) => e.seat)).toEqual([mover, mover]); // the same seat twice in a row

    const { final } = await playRandomly(h.client, 'deblockle', id, seats, {
      seed: 'deblockle-e2e',
      maxMoves: 400,
      onStep: ({ bySeat, spectator }) => {
        for (const r of [...bySeat, spectator]) expect(JSON.stringify(unrevealed(r))).not.toContain(seed);
      },
    });
    expect(final.status).toBe('finished');
    expect(final.seed).toBe(seed); // docs/api.md "Fairness": Deblockle rolls its blocks, so the seed is revealed at the end
    const outcome = final.outcome as { winners: number[]; scores: number[]; reason: string };
    expect(outcome.reason).toMatch(/^deblockle\//);
    expect(outcome.scores).toEqual((final.view as DeblockleView).removed);
  });

  it('refuses bad moves with a clear 4xx and writes nothing', async () => {
    const { id, seats } = await h.client.create('deblockle', ['gold', 'blue'], { setup: 'random' });
    const match = (await h.client.get('deblockle', id).expect(200)).body as Match;
    const seat = match.toMove[0]!;
    const token = seats[seat]!.token;
    const mine = match.view.blocks.filter((b) => b.seat === seat);
    const cases: [unknown, number, string][] = [
      [{ from: mine[0]!.square, tip: 'northeast', to: 'c3' }, 400, 'MALFORMED_MOVE'],
      [{ from: 'z9', tip: 'north', to: 'c3' }, 400, 'MALFORMED_MOVE'],
      [{ from: 'd4', tip: 'north', to: 'd3' }, 422, 'ILLEGAL_MOVE'],
      [{ type: 'setup', blocks: [] }, 400, 'MALFORMED_MOVE'],
      [{ type: 'setup', blocks: [{ square: 'c1', top: 'star', north: 'slider' }] }, 422, 'ILLEGAL_MOVE'], // setup is over
    ];
    for (const [move, status, code] of cases) {
      const res = await h.client.move('deblockle', id, token, move, match.version);
      expect([res.status, res.body.code]).toEqual([status, code]);
    }
    const other = await h.client.move(
      'deblockle',
      id,
      seats[1 - seat]!.token,
      { from: 'c3', tip: 'south', to: 'c4' },
      match.version,
    );
    expect(other.body.code).toBe('NOT_YOUR_TURN');
    expect(await h.db.eventCount(id)).toBe(0);
  });

  it('refuses a setup placement on the wrong squares or with the wrong faces', async () => {
    const { id, seats } = await h.client.create('deblockle', ['gold', 'blue']);
    const legal = (await h.client.legal('deblockle', id, seats[0]!.token, '?limit=1').expect(200)).body.moves[0] as {
      type: 'setup';
      blocks: { square: string; top: string; north: string }[];
    };
    const own = ['c5', 'e5', 'c7', 'e7']; // seat 0's own start squares: it places the opponent's blocks
    const wrongSquares = { ...legal, blocks: legal.blocks.map((b, i) => ({ ...b, square: own[i] })) };
    const r1 = await h.client.move('deblockle', id, seats[0]!.token, wrongSquares, 0);
    expect([r1.status, r1.body.code, r1.body.reason]).toEqual([422, 'ILLEGAL_MOVE', 'deblockle/wrong-squares']);
    const rolled = ((await h.client.get('deblockle', id).expect(200)).body as Match).view.setup!.rolled[1] as string[];
    // Four blocks roll at most four of the six faces, so some face is always absent.
    const absent = ['star', 'stop', 'cross', 'x', 'slider', 'hoops'].find((f) => !rolled.includes(f)) as string;
    {
      const wrongFaces = {
        ...legal,
        blocks: legal.blocks.map((b, i) =>
          i === 0
            ? { square: b.square, top: absent, north: absent === 'star' || absent === 'stop' ? 'cross' : 'star' }
            : b,
        ),
      };
      const r2 = await h.client.move('deblockle', id, seats[0]!.token, wrongFaces, 0);
      expect([r2.status, r2.body.code, r2.body.reason]).toEqual([422, 'ILLEGAL_MOVE', 'deblockle/wrong-faces']);
    }
    expect(await h.db.eventCount(id)).toBe(0);
  });
});
