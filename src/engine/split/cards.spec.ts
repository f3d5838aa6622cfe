import { CARD_NAMES, DECK_SIZE, colourOf, fullDeck, matchType, rankOf, sortCards } from './cards';

describe('cards', () => {
  it('has 104 cards: 52 names, each twice', () => {
    expect(DECK_SIZE).toBe(104);
    expect(fullDeck()).toHaveLength(104);
    expect(new Set(fullDeck()).size).toBe(52);
    expect(CARD_NAMES).toContain('10S');
    expect(CARD_NAMES).toContain('QD');
  });

  it('reads rank and colour: spades and clubs black, hearts and diamonds red', () => {
    expect(rankOf('10H')).toBe('10');
    expect(rankOf('AS')).toBe('A');
    expect(['S', 'C', 'H', 'D'].map((s) => colourOf(`7${s}`))).toEqual(['black', 'black', 'red', 'red']);
  });

  it('types a match: same suit perfect, same colour strong, else weak', () => {
    expect(matchType('7H', '7H')).toBe('perfect');
    expect(matchType('7S', '7C')).toBe('strong');
    expect(matchType('7H', '7D')).toBe('strong');
    expect(matchType('7S', '7H')).toBe('weak');
    expect(matchType('7C', '7D')).toBe('weak');
  });

  it('sorts by rank, then suit S C H D', () => {
    expect(sortCards(['KD', '2H', '10S', 'AC', '2S', 'AS'])).toEqual(['AS', 'AC', '2S', '2H', '10S', 'KD']);
  });
});
