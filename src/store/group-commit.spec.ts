import fc from 'fast-check';
import { GroupCommit } from './group-commit';

interface Entry {
  readonly matchId: string;
  readonly tag: number;
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * A fake database behind the batcher: each statement (a batch or a single append) stays in flight for a few
 * turns of the event loop, a batch may fail as a whole, and every entry's row is its own tag. It records what
 * the batcher sent, and checks while it runs what must hold at every moment.
 */
class FakeDb {
  readonly sent: { kind: 'many' | 'one'; entries: Entry[] }[] = [];
  readonly problems: string[] = [];
  private readonly inFlight = new Set<Entry[]>();

  constructor(
    private readonly concurrency: number,
    private readonly maxBatch: number,
    private readonly failing: (n: number) => boolean,
    private readonly delays: number[],
  ) {}

  private async hold(entries: Entry[], kind: 'many' | 'one'): Promise<void> {
    const n = this.sent.length;
    this.sent.push({ kind, entries });
    if (kind === 'many') {
      const ids = entries.map((e) => e.matchId);
      if (new Set(ids).size !== ids.length) this.problems.push(`batch ${n} holds one match twice: ${ids.join(',')}`);
      if (entries.length > this.maxBatch) this.problems.push(`batch ${n} has ${entries.length} > ${this.maxBatch}`);
      for (const other of this.inFlight) {
        if (other.some((o) => ids.includes(o.matchId)))
          this.problems.push(`batch ${n} shares a match with one in flight`);
      }
      if (this.inFlight.size + 1 > this.concurrency)
        this.problems.push(`batch ${n}: ${this.inFlight.size + 1} batches in flight`);
      this.inFlight.add(entries);
    }
    for (let i = 0; i < (this.delays[n % this.delays.length] ?? 0); i++) await tick();
    this.inFlight.delete(entries);
  }

  async many(entries: readonly Entry[]): Promise<Map<string, number>> {
    const mine = [...entries];
    await this.hold(mine, 'many');
    if (this.failing(this.sent.findIndex((s) => s.entries === mine))) throw new Error('the whole batch failed');
    return new Map(mine.map((e) => [e.matchId, e.tag]));
  }

  async one(entry: Entry): Promise<number | null> {
    await this.hold([entry], 'one');
    return entry.tag;
  }
}

describe('GroupCommit (group commit of appends)', () => {
  it("answers every append with its own row, never puts one match twice in a batch or in two batches in flight, and keeps each match's order", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 2, max: 8 }),
        // Arrivals: which match, and how many event-loop turns before the next one arrives.
        fc.array(fc.record({ match: fc.integer({ min: 0, max: 5 }), gap: fc.integer({ min: 0, max: 2 }) }), {
          minLength: 1,
          maxLength: 60,
        }),
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 1, max: 5 }),
        async (concurrency, maxBatch, arrivals, delays, failEvery, spill) => {
          const db = new FakeDb(concurrency, maxBatch, (n) => failEvery > 0 && n % failEvery === 0, delays);
          const batcher = new GroupCommit<Entry, number>({
            concurrency,
            maxBatch,
            spill,
            many: (e) => db.many(e),
            one: (e) => db.one(e),
            isolate: () => true,
          });
          const answers: Promise<number | null>[] = [];
          for (const [tag, a] of arrivals.entries()) {
            answers.push(batcher.append({ matchId: `m${a.match}`, tag }));
            for (let i = 0; i < a.gap; i++) await tick();
          }
          expect(await Promise.all(answers)).toEqual(arrivals.map((_, tag) => tag));
          expect(db.problems).toEqual([]);
          // Each entry reached the database once in a batch that held (or, when its batch failed, once alone too).
          const held = db.sent.filter((s, n) => s.kind === 'one' || !(failEvery > 0 && n % failEvery === 0));
          expect(held.flatMap((s) => s.entries.map((e) => e.tag)).sort((a, b) => a - b)).toEqual(
            arrivals.map((_, tag) => tag),
          );
          // One match's appends were sent in the order they arrived.
          for (let m = 0; m <= 5; m++) {
            const order = db.sent
              .filter((s) => s.kind === 'many' || s.entries.length === 1)
              .flatMap((s) => s.entries)
              .filter((e) => e.matchId === `m${m}`)
              .map((e) => e.tag);
            const firsts = order.filter((t, i) => order.indexOf(t) === i);
            expect(firsts).toEqual([...firsts].sort((a, b) => a - b));
          }
          expect(batcher.appends).toBe(arrivals.length);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('sends an append at once when a slot is free, and the ones that arrive meanwhile together in the next statement', async () => {
    const db = new FakeDb(1, 64, () => false, [3]);
    const batcher = new GroupCommit<Entry, number>({
      concurrency: 1,
      maxBatch: 64,
      many: (e) => db.many(e),
      one: (e) => db.one(e),
      isolate: () => true,
    });
    const first = batcher.append({ matchId: 'a', tag: 0 });
    expect(db.sent.map((s) => s.entries.map((e) => e.tag))).toEqual([[0]]); // alone, without waiting
    const rest = ['b', 'c', 'a', 'd'].map((m, i) => batcher.append({ matchId: m, tag: i + 1 }));
    expect(await Promise.all([first, ...rest])).toEqual([0, 1, 2, 3, 4]);
    expect(db.sent.map((s) => s.entries.map((e) => e.tag))).toEqual([[0], [1, 2, 3, 4]]);
  });

  it('holds a second append on a match in flight back, even with a free slot, and lets the others pass it', async () => {
    const db = new FakeDb(2, 64, () => false, [3]);
    const batcher = new GroupCommit<Entry, number>({
      concurrency: 2,
      maxBatch: 64,
      many: (e) => db.many(e),
      one: (e) => db.one(e),
      isolate: () => true,
    });
    const answers = [
      batcher.append({ matchId: 'a', tag: 0 }),
      batcher.append({ matchId: 'a', tag: 1 }),
      batcher.append({ matchId: 'b', tag: 2 }),
    ];
    expect(db.sent.map((s) => s.entries.map((e) => e.tag))).toEqual([[0], [2]]);
    expect(await Promise.all(answers)).toEqual([0, 1, 2]);
    expect(db.sent.map((s) => s.entries.map((e) => e.tag))).toEqual([[0], [2], [1]]);
  });

  it('sends a statement beyond the first in flight only once `spill` appends wait; below that they go when the first comes back', async () => {
    const db = new FakeDb(2, 64, () => false, [3]);
    const batcher = new GroupCommit<Entry, number>({
      concurrency: 2,
      maxBatch: 64,
      spill: 3,
      many: (e) => db.many(e),
      one: (e) => db.one(e),
      isolate: () => true,
    });
    const sent = (): number[][] => db.sent.map((s) => s.entries.map((e) => e.tag));
    const answers = [batcher.append({ matchId: 'a', tag: 0 })];
    expect(sent()).toEqual([[0]]); // nothing in flight: at once, alone
    answers.push(batcher.append({ matchId: 'b', tag: 1 }), batcher.append({ matchId: 'c', tag: 2 }));
    expect(sent()).toEqual([[0]]); // two wait, fewer than 3: the second slot stays free
    answers.push(batcher.append({ matchId: 'd', tag: 3 }));
    expect(sent()).toEqual([[0], [1, 2, 3]]); // the third that waits opens it
    answers.push(batcher.append({ matchId: 'e', tag: 4 }));
    expect(await Promise.all(answers)).toEqual([0, 1, 2, 3, 4]);
    expect(sent()).toEqual([[0], [1, 2, 3], [4]]); // went when a statement came back
  });

  it('without `exclusive`, lets entries of one match share a statement and go while that match is in flight (reads)', async () => {
    const sent: string[][] = [];
    const inFlight: (() => void)[] = [];
    const batcher = new GroupCommit<{ matchId: string }, string>({
      concurrency: 2,
      maxBatch: 3,
      spill: 2,
      exclusive: false,
      many: async (entries) => {
        sent.push(entries.map((e) => e.matchId));
        await new Promise<void>((resolve) => inFlight.push(resolve));
        return new Map(entries.filter((e) => e.matchId !== 'gone').map((e) => [e.matchId, `row of ${e.matchId}`])); // no row: null
      },
      one: async (entry) => {
        sent.push([entry.matchId]);
        await new Promise<void>((resolve) => inFlight.push(resolve));
        return entry.matchId === 'gone' ? null : `row of ${entry.matchId}`;
      },
      isolate: () => true,
    });
    const answers = [batcher.append({ matchId: 'a' })];
    answers.push(batcher.append({ matchId: 'a' })); // the same match, in flight: waits only for the spill
    expect(sent).toEqual([['a']]);
    answers.push(batcher.append({ matchId: 'b' }));
    expect(sent).toEqual([['a'], ['a', 'b']]); // two wait: the second slot, with match a again
    answers.push(...['a', 'c', 'gone', 'a'].map((matchId) => batcher.append({ matchId })));
    expect(sent).toHaveLength(2); // both slots taken
    const all = Promise.all(answers);
    let settled = false;
    void all.then(() => {
      settled = true;
    });
    while (!settled) {
      // each statement comes back once the ones before it have
      while (inFlight.length > 0) (inFlight.shift() as () => void)();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await all).toEqual(['row of a', 'row of a', 'row of b', 'row of a', 'row of c', null, 'row of a']);
    expect(sent).toEqual([['a'], ['a', 'b'], ['a', 'c', 'gone'], ['a']]); // at most maxBatch each, in arrival order
  });

  it('runs each append of a failed batch again alone, so each gets its own answer or its own error', async () => {
    const refused = new Error('duplicate key value violates unique constraint');
    const batcher = new GroupCommit<Entry, number>({
      concurrency: 1,
      maxBatch: 64,
      many: () => Promise.reject(new Error('one row failed the statement')),
      one: (e) => (e.tag === 2 ? Promise.reject(refused) : Promise.resolve(e.tag === 3 ? null : e.tag)),
      isolate: () => true,
    });
    const first = batcher.append({ matchId: 'x', tag: 0 });
    const rest = [1, 2, 3].map((tag) => batcher.append({ matchId: `m${tag}`, tag }).catch((e: unknown) => e));
    expect(await first).toBe(0);
    expect(await Promise.all(rest)).toEqual([1, refused, null]);
    expect([batcher.batches, batcher.appends]).toEqual([2, 4]);
  });

  it('gives a failure no row can cause (a lost connection: the batch may have committed) to every caller as it is, without running anything again', async () => {
    const lost = new Error('Connection terminated unexpectedly');
    let alone = 0;
    const batcher = new GroupCommit<Entry, number>({
      concurrency: 1,
      maxBatch: 64,
      many: (entries) =>
        entries.length > 1 ? Promise.reject(lost) : Promise.resolve(new Map(entries.map((e) => [e.matchId, e.tag]))),
      one: (e) => {
        alone++;
        return Promise.resolve(e.tag);
      },
      isolate: (error) => error !== lost,
    });
    const first = batcher.append({ matchId: 'x', tag: 0 });
    const rest = [1, 2].map((tag) => batcher.append({ matchId: `m${tag}`, tag }).catch((e: unknown) => e));
    expect(await first).toBe(0);
    expect(await Promise.all(rest)).toEqual([lost, lost]);
    expect(alone).toBe(1); // the first, which went alone; nothing of the failed batch again
  });
});
