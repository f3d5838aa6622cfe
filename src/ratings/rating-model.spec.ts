import { displayed, newSkill, rateMatch } from './rating-model';

describe('the rating model (OpenSkill, Weng-Lin)', () => {
  it('a newcomer shows 0; a win moves the winner up and the loser down by the same amount of mu', () => {
    expect(displayed(newSkill())).toBe(0);
    const [winner, loser] = rateMatch([newSkill(), newSkill()], [0, 1]);
    expect(winner!.mu).toBeGreaterThan(25);
    expect(loser!.mu).toBeLessThan(25);
    expect(winner!.mu - 25).toBeCloseTo(25 - loser!.mu);
    expect(winner!.sigma).toBeLessThan(newSkill().sigma);
  });

  it('a draw between equals leaves mu where it was and makes both surer', () => {
    const [a, b] = rateMatch([newSkill(), newSkill()], [0, 0]);
    expect(a!.mu).toBeCloseTo(25);
    expect(b).toEqual(a);
    expect(a!.sigma).toBeLessThan(newSkill().sigma);
  });

  it('three seats by rank: first gains most, last loses most; the same inputs give the same numbers', () => {
    const skills = [newSkill(), newSkill(), newSkill()];
    const once = rateMatch(skills, [2, 0, 1]);
    expect(once[1]!.mu).toBeGreaterThan(once[2]!.mu);
    expect(once[2]!.mu).toBeGreaterThan(once[0]!.mu);
    expect(rateMatch(skills, [2, 0, 1])).toEqual(once);
  });
});
