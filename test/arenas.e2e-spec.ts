import type { Body } from './support/body';
import { waitForTournament } from './support/bots';
import { useApp } from './support/harness';

/** Arenas (docs/api.md "Matchmaking and arenas"): free entrants are paired again at once until the time is up. */
describe('arenas', () => {
  const h = useApp();
  const run = Math.random().toString(36).slice(2, 8);
  const post = (body: unknown) => h.client.http.post('/tournaments').send(body as object);

  it('refuses an arena without minutes, minutes outside an arena, and rounds in an arena', async () => {
    const entrants = [
      { name: `a-${run}`, bot: 'random' },
      { name: `b-${run}`, bot: 'random' },
    ];
    expect((await post({ game: 'reversi', format: 'arena', entrants }).expect(400)).body.reason).toBe(
      'tournament/minutes',
    );
    expect((await post({ game: 'reversi', format: 'swiss', minutes: 5, entrants }).expect(400)).body.reason).toBe(
      'tournament/minutes',
    );
    expect(
      (await post({ game: 'reversi', format: 'arena', minutes: 5, rounds: 2, entrants }).expect(400)).body.reason,
    ).toBe('tournament/rounds');
    expect((await post({ game: 'reversi', format: 'arena', minutes: 0, entrants }).expect(400)).body.code).toBe(
      'VALIDATION_FAILED',
    );
  });

  it('six bots for one minute: nobody idles while another is free, 2/1/0 scoring, matches running at the end are played out', async () => {
    const entrants = ['random', 'greedy', 'random', 'greedy', 'random', 'greedy'].map((bot, i) => ({
      name: `arena${i}-${run}`,
      bot,
    }));
    const created = await post({ game: 'reversi', format: 'arena', minutes: 1, entrants }).expect(201);
    expect(created.body).toMatchObject({ format: 'arena', status: 'running', plannedRounds: null });
    const endsAt = Date.parse(created.body.endsAt);
    // The minute runs from the request (the stored createdAt is the database's commit time, a little later).
    const startedAt = endsAt - 60_000;
    expect(Math.abs(Date.parse(created.body.createdAt) - startedAt)).toBeLessThan(10_000);
    expect(created.body.rounds[0].matches).toHaveLength(3); // everyone paired at once

    // Standings are live: some match is scored long before the end.
    let live: Body;
    do {
      live = (await h.client.http.get(`/tournaments/${created.body.id}`).expect(200)).body;
    } while (live.standings.every((s: Body) => s.played === 0) && Date.now() < endsAt);
    expect(Date.now()).toBeLessThan(endsAt);

    const t = await waitForTournament(h.app, created.body.id, 150_000);
    const matches: Body[] = t.rounds.flatMap((r: Body) => r.matches);
    expect(t.rounds.length).toBeGreaterThan(1); // paired again and again
    expect(matches.every((m) => m.points !== null)).toBe(true);
    // 2 for a win, 1 for a draw: every match gives out 2 points, and the standings add them up.
    const total = t.standings.reduce((sum: number, s: Body) => sum + s.points, 0);
    expect(total).toBe(2 * matches.length);
    for (const s of t.standings) {
      const mine = matches.filter((m) => m.seats.includes(s.name));
      expect(s.played).toBe(mine.length);
      expect(s.points).toBe(mine.reduce((sum, m) => sum + 2 * (m.points[m.seats.indexOf(s.name)] as number), 0));
    }

    // When each entrant played: from each match's creation to its last event.
    const spans = await Promise.all(
      matches.map(async (m) => {
        const match = (await h.client.get('reversi', m.id).expect(200)).body;
        expect(match.status).toBe('finished');
        return { seats: m.seats as string[], from: Date.parse(match.createdAt), to: Date.parse(match.updatedAt) };
      }),
    );
    // Matches start before the end only; some ran past it and were played out.
    expect(spans.every((s) => s.from <= endsAt + 1000)).toBe(true);
    // No two entrants were both free for longer than the director's reaction time before the end.
    const SLACK_MS = 3000;
    const freeTimes = (name: string): [number, number][] => {
      const mine = spans.filter((s) => s.seats.includes(name)).sort((a, b) => a.from - b.from);
      const gaps: [number, number][] = [];
      let at = startedAt;
      for (const s of mine) {
        if (s.from > at) gaps.push([at, Math.min(s.from, endsAt)]);
        at = Math.max(at, s.to);
      }
      if (at < endsAt) gaps.push([at, endsAt]);
      return gaps;
    };
    const names = entrants.map((e) => e.name);
    for (const a of names)
      for (const b of names) {
        if (a >= b) continue;
        for (const [a0, a1] of freeTimes(a))
          for (const [b0, b1] of freeTimes(b)) {
            const overlap = Math.min(a1, b1) - Math.max(a0, b0);
            if (overlap >= SLACK_MS)
              throw new Error(
                `${a} and ${b} were both free for ${overlap} ms from ${new Date(Math.max(a0, b0)).toISOString()}`,
              );
          }
      }
  }, 200_000);
});
