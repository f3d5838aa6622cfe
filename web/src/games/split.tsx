import { useEffect, useState } from 'preact/hooks';
import type { SplitView } from '../../../src/engine/split/view';
import type { LogEntry } from '../types';
import type { BoardProps, GameUi } from './game-ui';

type Bonus = { target?: number; draw?: boolean; swap?: { mine: string; theirs: string } } | undefined;
type SplitMove =
  | { type: 'draw' }
  | { type: 'take'; index: number }
  | { type: 'match'; cards: string[]; bonus?: Bonus }
  | { type: 'upgrade'; match: string; card: string; replace: string; bonus?: Bonus }
  | { type: 'discard'; card: string }
  | { type: 'lastMelds'; matches: string[][] };

const SUIT_SIGNS: Record<string, string> = { S: '♠', C: '♣', H: '♥', D: '♦' };
const SUIT_NAMES: Record<string, string> = { S: 'spades', C: 'clubs', H: 'hearts', D: 'diamonds' };
const red = (card: string) => card.endsWith('H') || card.endsWith('D');
const cardName = (card: string) => `${card.slice(0, -1)} of ${SUIT_NAMES[card.slice(-1)]}`;

/** A card face (it carries data-card) or, without a card, its back. */
export function Card({ card, small }: { card?: string; small?: boolean }) {
  if (!card) {
    return (
      <svg viewBox="0 0 40 56" class={`card back ${small ? 'small' : ''}`} aria-hidden="true">
        <rect x="1" y="1" width="38" height="54" rx="4" class="card-back" />
        <rect x="5" y="5" width="30" height="46" rx="2" class="card-back-inner" />
      </svg>
    );
  }
  const rank = card.slice(0, -1);
  const suit = SUIT_SIGNS[card.slice(-1)];
  return (
    <svg
      viewBox="0 0 40 56"
      class={`card ${red(card) ? 'red' : 'black'} ${small ? 'small' : ''}`}
      data-card={card}
      role="img"
      aria-label={cardName(card)}
    >
      <rect x="1" y="1" width="38" height="54" rx="4" class="card-face" />
      <text x="5" y="15" class="card-rank">
        {rank}
      </text>
      <text x="20" y="42" class="card-suit" text-anchor="middle">
        {suit}
      </text>
    </svg>
  );
}

function bonusText(b: Bonus, names: string[]): string {
  if (!b) return '';
  if (b.target !== undefined) return ` · ${names[b.target] ?? `seat ${b.target}`} fills a negative box`;
  if (b.draw) return ' · draw an extra card';
  if (b.swap) return ` · swap ${b.swap.mine} for ${b.swap.theirs}`;
  return '';
}

function label(m: SplitMove, view: SplitView, names: string[]): string {
  switch (m.type) {
    case 'draw':
      return 'Draw from the pile';
    case 'take':
      return `Take ${view.discardRow[m.index]}${m.index < view.discardRow.length - 1 ? ` and the ${view.discardRow.length - 1 - m.index} after it` : ''}`;
    case 'match':
      return `Match ${m.cards.join(' + ')}${bonusText(m.bonus, names)}`;
    case 'upgrade':
      return `Upgrade ${m.match}: ${m.card} replaces ${m.replace}${bonusText(m.bonus, names)}`;
    case 'discard':
      return `Discard ${m.card}`;
    case 'lastMelds':
      return m.matches.length ? `Lay ${m.matches.map((p) => p.join(' + ')).join(', ')}` : 'Lay nothing';
  }
}

function cardsOf(m: SplitMove): string[] {
  switch (m.type) {
    case 'match':
      return m.cards;
    case 'upgrade':
      return [m.card];
    case 'discard':
      return [m.card];
    case 'lastMelds':
      return m.matches.flat();
    default:
      return [];
  }
}

/** Whether the move uses every picked card (a card picked twice must be in it twice). */
function uses(m: SplitMove, picked: string[]): boolean {
  const left = cardsOf(m);
  return picked.every((c) => {
    const i = left.indexOf(c);
    if (i < 0) return false;
    left.splice(i, 1);
    return true;
  });
}

const SHOWN = 40;

function Board({ match, seat, legal, send }: BoardProps) {
  const view = match.view as SplitView;
  const names = match.players.map((p) => p.name);
  const [picked, setPicked] = useState<number[]>([]);
  useEffect(() => setPicked([]), [match.version, legal]);
  const moves = (legal ?? []) as SplitMove[];
  const hand = view.hand ?? [];
  const pickedCards = picked.map((i) => hand[i] as string);
  const fitting = moves.filter((m) => m.type !== 'draw' && m.type !== 'take' && uses(m, pickedCards));
  const draw = moves.find((m) => m.type === 'draw');
  const takes = new Map(
    moves.filter((m): m is Extract<SplitMove, { type: 'take' }> => m.type === 'take').map((m) => [m.index, m]),
  );
  const playable = new Set(moves.flatMap(cardsOf));

  return (
    <div class="split">
      <p class="round">
        Round {view.round} of {view.rounds} · dealer {names[view.dealer]} · {view.step ? `step: ${view.step}` : 'over'}
        {view.mustPlay ? ` · must lay ${view.mustPlay}` : ''}
      </p>
      <div class="table-center">
        <div class="pile" aria-label={`Draw pile: ${view.drawPile} cards`}>
          {draw ? (
            <button
              type="button"
              class="card-button target"
              data-move={JSON.stringify(draw)}
              aria-label={`Draw from the pile (${view.drawPile} left)`}
              onClick={() => send(draw)}
            >
              <Card />
            </button>
          ) : (
            <Card />
          )}
          <span class="count">{view.drawPile}</span>
        </div>
        <ol class="discard-row" aria-label="Discard row, oldest first">
          {view.discardRow.map((c, i) => {
            const take = takes.get(i);
            return (
              <li key={i}>
                {take ? (
                  <button
                    type="button"
                    class="card-button target"
                    data-move={JSON.stringify(take)}
                    aria-label={label(take, view, names)}
                    onClick={() => send(take)}
                  >
                    <Card card={c} small />
                  </button>
                ) : (
                  <Card card={c} small />
                )}
              </li>
            );
          })}
        </ol>
      </div>
      <div class="zones">
        {match.players.map((p) => {
          const own = view.matches.filter((m) => m.seat === p.seat);
          return (
            <section
              key={p.seat}
              class={`zone ${match.toMove.includes(p.seat) ? 'to-move' : ''}`}
              aria-label={`${p.name}'s table`}
            >
              <h3>
                {p.name}{' '}
                <small>
                  {view.handCounts[p.seat]} card{view.handCounts[p.seat] === 1 ? '' : 's'} in hand ·{' '}
                  {view.sheets[p.seat]?.total ?? 0} pts
                </small>
              </h3>
              {p.seat !== seat && (
                <div class="backs" aria-label={`${view.handCounts[p.seat]} cards in hand`}>
                  {[...Array(Math.min(view.handCounts[p.seat] ?? 0, 12)).keys()].map((i) => (
                    <Card key={i} small />
                  ))}
                </div>
              )}
              <ul class="melds">
                {own.map((m) => (
                  <li key={m.id} class={`meld ${m.type}`} aria-label={`${m.id}: ${m.type} match ${m.cards.join(' ')}`}>
                    <span class="meld-id">
                      {m.id} · {m.type}
                    </span>
                    <span class="pair">
                      {m.cards.map((c, i) => (
                        <Card key={i} card={c} small />
                      ))}
                    </span>
                  </li>
                ))}
                {own.length === 0 && <li class="empty">no matches</li>}
              </ul>
            </section>
          );
        })}
      </div>
      {view.hand && (
        <div class="hand split-hand" data-hand={String(seat)} role="group" aria-label="Your cards">
          {hand.map((c, i) => {
            const on = picked.includes(i);
            return (
              <button
                key={i}
                type="button"
                class={`card-button ${playable.has(c) ? 'usable' : ''}`}
                aria-pressed={on}
                disabled={legal === null || !playable.has(c)}
                aria-label={cardName(c)}
                onClick={() => setPicked(on ? picked.filter((j) => j !== i) : [...picked, i])}
              >
                <Card card={c} />
              </button>
            );
          })}
        </div>
      )}
      {legal !== null && view.step === 'draw' && (
        <p class="hint-text">Draw from the pile, or take a highlighted card of the row (with every card after it).</p>
      )}
      {legal !== null && fitting.length > 0 && (
        <div class="move-list" role="group" aria-label="Moves">
          <p class="hint-text">
            {picked.length
              ? `Moves with ${pickedCards.join(' + ')}:`
              : 'Pick cards to narrow the moves, or choose one:'}
          </p>
          <ul>
            {fitting.slice(0, SHOWN).map((m, i) => (
              <li key={i}>
                <button type="button" data-move={JSON.stringify(m)} onClick={() => send(m)}>
                  {label(m, view, names)}
                </button>
              </li>
            ))}
          </ul>
          {fitting.length > SHOWN && (
            <p class="hint-text">… and {fitting.length - SHOWN} more: pick cards to narrow them.</p>
          )}
        </div>
      )}
    </div>
  );
}

function describe(e: LogEntry): string {
  if (e.type !== 'MoveMade') return e.type === 'PlayerResigned' ? 'resigned' : e.type;
  const m = e.move as SplitMove;
  const { drawn, roundEnded } = (e.effects ?? {}) as { drawn?: string[] | number; roundEnded?: number };
  const drew = Array.isArray(drawn) ? ` (${drawn.join(' ')})` : '';
  const text =
    m.type === 'draw'
      ? `drew${drew}`
      : m.type === 'take'
        ? `took from ${m.index}`
        : m.type === 'match'
          ? `matched ${m.cards.join('+')}`
          : m.type === 'upgrade'
            ? `upgraded ${m.match} with ${m.card}`
            : m.type === 'discard'
              ? `discarded ${m.card}${drew}`
              : 'laid last matches';
  return roundEnded ? `${text}; round ${roundEnded} ends` : text;
}

export const splitUi: GameUi = {
  title: 'Split',
  Board,
  scores: (m) => (m.view as SplitView).sheets.map((s) => s.total),
  describe,
};
