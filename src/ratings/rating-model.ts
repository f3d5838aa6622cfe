/**
 * The rating model: OpenSkill's Weng-Lin (Plackett-Luce) from the `openskill` package, for 2 to N seats and
 * draws (tied ranks). A new identity starts at mu 25, sigma 25/3; the displayed rating is the conservative
 * `ordinal` (mu - 3 sigma), so it starts at 0 and grows as the model grows sure.
 */
import { ordinal, rate, rating } from 'openskill';

export interface Skill {
  readonly mu: number;
  readonly sigma: number;
}

export const newSkill = (): Skill => {
  const r = rating();
  return { mu: r.mu, sigma: r.sigma };
};

/** The skills after one match; `ranks` by seat (0 best, ties share). */
export function rateMatch(skills: readonly Skill[], ranks: readonly number[]): Skill[] {
  const teams = rate(
    skills.map((s) => [rating({ mu: s.mu, sigma: s.sigma })]),
    { rank: ranks.map((r) => r + 1) },
  );
  return teams.map(([r]) => ({ mu: (r as Skill).mu, sigma: (r as Skill).sigma }));
}

export const displayed = (s: Skill): number => Math.round(ordinal(rating({ mu: s.mu, sigma: s.sigma })) * 100) / 100;
