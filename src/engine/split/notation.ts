/**
 * Moves on the wire (rules file, "Moves on the wire"), parsed into typed moves. Pairs of cards come out in
 * canonical order (and last melds sorted), so one move has one typed form whatever order it was sent in.
 */
import { type Result, malformed, ok } from '../core';
import { type Card, DECK_SIZE, compareCards, isCard } from './cards';
import type { Bonus, SplitMove } from './types';

/** More pairs than this cannot be held: a hand has at most every card. */
const MAX_PAIRS = DECK_SIZE / 2;
const MATCH_ID = /^m[1-9][0-9]{0,8}$/;
const MAX_SEAT_NUMBER = 99;

type Obj = Record<string, unknown>;

const isObject = (x: unknown): x is Obj =>
  typeof x === 'object' &&
  x !== null &&
  !Array.isArray(x) &&
  [Object.prototype, null].includes(Object.getPrototypeOf(x) as object | null);

function fields(o: Obj, required: readonly string[], optional: readonly string[] = []): string | null {
  for (const k of Object.keys(o)) if (!required.includes(k) && !optional.includes(k)) return `unknown field "${k}"`;
  for (const k of required) if (!Object.prototype.hasOwnProperty.call(o, k)) return `missing field "${k}"`;
  return null;
}

const bad = (what: string) => malformed(`Malformed move: ${what}.`, 'split/malformed');

function parseCard(x: unknown, where: string): Result<Card> {
  return isCard(x) ? ok(x) : bad(`${where} must be a card name such as "7H", "10S" or "QD"`);
}

function parsePair(x: unknown, where: string): Result<readonly [Card, Card]> {
  if (!Array.isArray(x) || x.length !== 2) return bad(`${where} must be two card names`);
  const a = parseCard(x[0], where);
  if (!a.ok) return a;
  const b = parseCard(x[1], where);
  if (!b.ok) return b;
  return ok(compareCards(a.value, b.value) <= 0 ? [a.value, b.value] : [b.value, a.value]);
}

function parseMatchId(x: unknown, where: string): Result<string> {
  return typeof x === 'string' && MATCH_ID.test(x) ? ok(x) : bad(`${where} must be a match id such as "m3"`);
}

function parseBonus(o: Obj): Result<Bonus> {
  if (!Object.prototype.hasOwnProperty.call(o, 'bonus')) return ok({ kind: 'none' });
  const b = o.bonus;
  if (!isObject(b))
    return bad(
      'bonus must be { "target": seat }, { "draw": true } or { "swap": { "mine", "theirs" } }; omit it for none',
    );
  const keys = Object.keys(b);
  if (keys.length !== 1) return bad('bonus must have exactly one of "target", "draw", "swap"');
  if (keys[0] === 'target') {
    const t = b.target;
    if (typeof t !== 'number' || !Number.isInteger(t) || t < 0 || t > MAX_SEAT_NUMBER)
      return bad('bonus.target must be a seat number');
    return ok({ kind: 'target', target: t });
  }
  if (keys[0] === 'draw')
    return b.draw === true ? ok({ kind: 'draw' }) : bad('bonus.draw must be true (omit the bonus to decline it)');
  if (keys[0] === 'swap') {
    const s = b.swap;
    if (!isObject(s)) return bad('bonus.swap must be { "mine": id, "theirs": id }');
    const f = fields(s, ['mine', 'theirs']);
    if (f) return bad(`bonus.swap: ${f}`);
    const mine = parseMatchId(s.mine, 'bonus.swap.mine');
    if (!mine.ok) return mine;
    const theirs = parseMatchId(s.theirs, 'bonus.swap.theirs');
    if (!theirs.ok) return theirs;
    return ok({ kind: 'swap', mine: mine.value, theirs: theirs.value });
  }
  return bad(`unknown bonus "${keys[0]}"`);
}

export function parseMove(raw: unknown): Result<SplitMove> {
  if (!isObject(raw)) return bad('a move is a JSON object with a "type"');
  switch (raw.type) {
    case 'draw': {
      const f = fields(raw, ['type']);
      return f ? bad(f) : ok({ type: 'draw' });
    }
    case 'take': {
      const f = fields(raw, ['type', 'index']);
      if (f) return bad(f);
      const i = raw.index;
      if (typeof i !== 'number' || !Number.isInteger(i) || i < 0 || i >= DECK_SIZE)
        return bad('index must be a position in the discard row (0 = oldest)');
      return ok({ type: 'take', index: i });
    }
    case 'match': {
      const f = fields(raw, ['type', 'cards'], ['bonus']);
      if (f) return bad(f);
      const cards = parsePair(raw.cards, 'cards');
      if (!cards.ok) return cards;
      const bonus = parseBonus(raw);
      return bonus.ok ? ok({ type: 'match', cards: cards.value, bonus: bonus.value }) : bonus;
    }
    case 'upgrade': {
      const f = fields(raw, ['type', 'match', 'card', 'replace'], ['bonus']);
      if (f) return bad(f);
      const match = parseMatchId(raw.match, 'match');
      if (!match.ok) return match;
      const card = parseCard(raw.card, 'card');
      if (!card.ok) return card;
      const replace = parseCard(raw.replace, 'replace');
      if (!replace.ok) return replace;
      const bonus = parseBonus(raw);
      if (!bonus.ok) return bonus;
      return ok({ type: 'upgrade', match: match.value, card: card.value, replace: replace.value, bonus: bonus.value });
    }
    case 'discard': {
      const f = fields(raw, ['type', 'card']);
      if (f) return bad(f);
      const card = parseCard(raw.card, 'card');
      return card.ok ? ok({ type: 'discard', card: card.value }) : card;
    }
    case 'lastMelds': {
      const f = fields(raw, ['type', 'matches']);
      if (f) return bad(f);
      const list = raw.matches;
      if (!Array.isArray(list) || list.length > MAX_PAIRS)
        return bad(`matches must be a list of at most ${MAX_PAIRS} pairs`);
      const pairs: (readonly [Card, Card])[] = [];
      for (const p of list) {
        const pair = parsePair(p, 'each of matches');
        if (!pair.ok) return pair;
        pairs.push(pair.value);
      }
      pairs.sort((x, y) => compareCards(x[0], y[0]) || compareCards(x[1], y[1]));
      return ok({ type: 'lastMelds', matches: pairs });
    }
    default:
      return bad('type must be one of draw, take, match, upgrade, discard, lastMelds');
  }
}

function encodeBonus(b: Bonus): Obj | undefined {
  switch (b.kind) {
    case 'none':
      return undefined;
    case 'target':
      return { target: b.target };
    case 'draw':
      return { draw: true };
    case 'swap':
      return { swap: { mine: b.mine, theirs: b.theirs } };
  }
}

export function encodeMove(m: SplitMove): unknown {
  switch (m.type) {
    case 'draw':
      return { type: 'draw' };
    case 'take':
      return { type: 'take', index: m.index };
    case 'discard':
      return { type: 'discard', card: m.card };
    case 'lastMelds':
      return { type: 'lastMelds', matches: m.matches.map((p) => [p[0], p[1]]) };
    case 'match': {
      const bonus = encodeBonus(m.bonus);
      return bonus
        ? { type: 'match', cards: [m.cards[0], m.cards[1]], bonus }
        : { type: 'match', cards: [m.cards[0], m.cards[1]] };
    }
    case 'upgrade': {
      const base = { type: 'upgrade', match: m.match, card: m.card, replace: m.replace };
      const bonus = encodeBonus(m.bonus);
      return bonus ? { ...base, bonus } : base;
    }
  }
}
