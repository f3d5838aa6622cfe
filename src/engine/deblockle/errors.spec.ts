import { deblockleEngine as engine } from './index';
import type { Face } from './block';
import { type BlockSpec, positionFromBlocks } from './fixtures';

const G = (square: string, top: Face, north: Face): BlockSpec => ({ seat: 0, square, top, north });
const B = (square: string, top: Face, north: Face): BlockSpec => ({ seat: 1, square, top, north });

function attempt(blocks: BlockSpec[], seat: number, wire: unknown) {
  const state = positionFromBlocks({ blocks, toMove: seat });
  const move = engine.parseMove(wire);
  return move.ok ? engine.apply(state, seat, move.value) : move;
}

// Gold d4 with (star, cross): tipping south shows cross on d5. Gold d4 with (star, slider): tipping south shows slider.
const CASES: [string, BlockSpec[], number, unknown, string, string][] = [
  [
    'a tip onto a star without the star up',
    [G('d3', 'star', 'x'), B('a7', 'star', 'slider')],
    0,
    { from: 'd3', tip: 'north', to: 'd2' },
    'ILLEGAL_MOVE',
    'deblockle/tip-onto-star',
  ],
  [
    "a tip star up onto the mover's own home star",
    [B('d3', 'slider', 'stop'), G('a7', 'star', 'slider')],
    1,
    { from: 'd3', tip: 'north', to: 'd2' },
    'ILLEGAL_MOVE',
    'deblockle/tip-onto-star',
  ],
  [
    'a tip showing the star away from the scoring star',
    [G('e3', 'slider', 'stop'), B('a7', 'star', 'slider')],
    0,
    { from: 'e3', tip: 'north', to: 'e2' },
    'ILLEGAL_MOVE',
    'deblockle/star-face-up',
  ],
  [
    'a diagonal tip',
    [G('c5', 'star', 'slider')],
    0,
    { from: 'c5', tip: 'northeast', to: 'd4' },
    'MALFORMED_MOVE',
    'deblockle/diagonal-tip',
  ],
  [
    'a diagonal tip, short form',
    [G('c5', 'star', 'slider')],
    0,
    { from: 'c5', tip: 'SW', to: 'b6' },
    'MALFORMED_MOVE',
    'deblockle/diagonal-tip',
  ],
  [
    'a tip that is no direction',
    [G('c5', 'star', 'slider')],
    0,
    { from: 'c5', tip: 'up', to: 'c4' },
    'MALFORMED_MOVE',
    'deblockle/bad-tip',
  ],
  [
    'a hop onto a block',
    [G('d4', 'star', 'cross'), B('c5', 'star', 'slider')],
    0,
    { from: 'd4', tip: 'south', to: 'c5' },
    'ILLEGAL_MOVE',
    'deblockle/hop-occupied',
  ],
  [
    'a cross hop two squares away',
    [G('d4', 'star', 'cross'), B('a1', 'star', 'slider')],
    0,
    { from: 'd4', tip: 'south', to: 'd7' },
    'ILLEGAL_MOVE',
    'deblockle/hop-mismatch',
  ],
  [
    'a cross hop diagonally',
    [G('d4', 'star', 'cross'), B('a1', 'star', 'slider')],
    0,
    { from: 'd4', tip: 'south', to: 'e6' },
    'ILLEGAL_MOVE',
    'deblockle/hop-mismatch',
  ],
  [
    'a cross hop staying on the tipped square',
    [G('d4', 'star', 'cross'), B('a1', 'star', 'slider')],
    0,
    { from: 'd4', tip: 'south', to: 'd5' },
    'ILLEGAL_MOVE',
    'deblockle/hop-mismatch',
  ],
  [
    'a stop that moves on',
    [G('d4', 'cross', 'slider'), B('a1', 'star', 'slider')],
    0,
    { from: 'd4', tip: 'east', to: 'f4' },
    'ILLEGAL_MOVE',
    'deblockle/hop-mismatch',
  ],
  [
    'a slider stopping short of its end with no star ahead',
    [G('d4', 'star', 'slider'), B('a1', 'star', 'slider')],
    0,
    { from: 'd4', tip: 'south', to: 'f5' },
    'ILLEGAL_MOVE',
    'deblockle/hop-mismatch',
  ],
  [
    'a slider ending on a star',
    [G('d4', 'star', 'slider'), B('a1', 'star', 'slider')],
    0,
    { from: 'd4', tip: 'south', to: 'd6' },
    'ILLEGAL_MOVE',
    'deblockle/hop-onto-star',
  ],
  [
    'a hop onto the scoring star',
    [G('d4', 'star', 'slider'), B('a1', 'star', 'slider')],
    0,
    { from: 'd4', tip: 'south', to: 'd2' },
    'ILLEGAL_MOVE',
    'deblockle/hop-onto-star',
  ],
  [
    'an x tip with no open diagonal square',
    [G('b1', 'star', 'slider'), B('b2', 'star', 'slider')],
    0,
    { from: 'b1', tip: 'west', to: 'b2' },
    'ILLEGAL_MOVE',
    'deblockle/no-hop',
  ],
  [
    "moving the opponent's block",
    [G('d4', 'star', 'slider'), B('b2', 'star', 'slider')],
    0,
    { from: 'b2', tip: 'south', to: 'b3' },
    'ILLEGAL_MOVE',
    'deblockle/not-your-block',
  ],
  [
    'moving from an empty square',
    [G('d4', 'star', 'slider'), B('b2', 'star', 'slider')],
    0,
    { from: 'c4', tip: 'south', to: 'c5' },
    'ILLEGAL_MOVE',
    'deblockle/no-block',
  ],
  [
    'a tip off the board',
    [G('a7', 'star', 'slider'), B('b2', 'star', 'slider')],
    0,
    { from: 'a7', tip: 'west', to: 'a6' },
    'ILLEGAL_MOVE',
    'deblockle/tip-off-board',
  ],
  [
    'a tip onto a block',
    [G('d4', 'star', 'slider'), B('d5', 'star', 'slider')],
    0,
    { from: 'd4', tip: 'south', to: 'd7' },
    'ILLEGAL_MOVE',
    'deblockle/tip-occupied',
  ],
  [
    'a move out of turn',
    [G('d4', 'star', 'slider'), B('b2', 'star', 'slider')],
    1,
    { from: 'b2', tip: 'south', to: 'b3' },
    'NOT_YOUR_TURN',
    '',
  ],
];

describe('bad turns', () => {
  it.each(CASES.map((c) => [c[0], c] as const))('refuses %s', (_, [, blocks, seat, wire, code, reason]) => {
    const mover = code === 'NOT_YOUR_TURN' ? 1 - seat : seat;
    const state = positionFromBlocks({ blocks, toMove: mover });
    const move = engine.parseMove(wire);
    const r = move.ok ? engine.apply(state, seat, move.value) : move;
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe(code);
    if (reason) expect(r.error.reason).toBe(reason);
    expect(r.error.message.length).toBeGreaterThan(10);
  });

  it('accepts the same turns when they follow the rules', () => {
    expect(
      attempt([G('d4', 'star', 'cross'), B('c5', 'star', 'slider')], 0, { from: 'd4', tip: 'south', to: 'e5' }).ok,
    ).toBe(true);
    expect(
      attempt([G('d4', 'star', 'slider'), B('a1', 'star', 'slider')], 0, { from: 'd4', tip: 'south', to: 'd3' }).ok,
    ).toBe(true);
    expect(
      attempt([G('d4', 'cross', 'slider'), B('a1', 'star', 'slider')], 0, {
        type: 'turn',
        from: 'd4',
        tip: 'east',
        to: 'e4',
      }).ok,
    ).toBe(true);
  });
});
