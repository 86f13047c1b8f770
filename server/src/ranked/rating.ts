/**
 * Ratings: OpenSkill (Weng-Lin, Plackett-Luce model, the package's defaults: mu 25, sigma 25/3)
 * per player per game. The number people see is mu on a familiar scale, 1500 for a newcomer
 * (60 points per mu), marked provisional for the first games while sigma is still wide, as
 * Lichess marks a rating with "?".
 */
import { rate, rating as fresh } from "openskill";

export const PROVISIONAL_GAMES = 10;
/** Distinct established opponents a board or podium asks by default (`LEADERBOARD_MIN_OPPONENTS`). */
export const MIN_OPPONENTS = 5;
/** Rating points per unit of mu (the number shown is round(mu × SCALE)). */
export const SCALE = 60;

export interface Skill {
  readonly mu: number;
  readonly sigma: number;
}

export const NEW_SKILL: Skill = fresh();

export function displayRating(skill: Skill): number {
  return Math.round(skill.mu * SCALE);
}

export function isProvisional(games: number): boolean {
  return games < PROVISIONAL_GAMES;
}

/** An account younger than this is fresh: a win over it is worth part of one over an older account. */
export const FRESH_DAYS = 7;
const DAY = 86_400_000;

/** What beating the least established opponent is worth: a win is never nothing, but nearly. */
export const MIN_WORTH = 0.03;

/**
 * How established a player is as an opponent, in [MIN_WORTH, 1]: the share of the provisional
 * games it has rated in this game, times the share of `FRESH_DAYS` its account has lived, raised to
 * at least MIN_WORTH. A new account made for a game (or a rarely-seen one) is worth about a thirtieth of
 * an established one to beat; an established one (both shares full) is worth 1.
 */
export function establishment(games: number, createdAt: number, at: number): number {
  const seen = Math.min(1, Math.max(0, games) / PROVISIONAL_GAMES);
  const age = Math.min(1, Math.max(0, at - createdAt) / (FRESH_DAYS * DAY));
  return MIN_WORTH + (1 - MIN_WORTH) * seen * age;
}

/**
 * New skills after one game: `places[i]` is player i's place (1 = first; equal places tie).
 * `worth[i]` (default 1) is how established player i is: a player's rating gain (a rise of mu) is
 * scaled by the mean worth of the players it placed above (or tied with), so beating fresh or provisional accounts
 * gains little. A loss is never scaled (a dumper still loses in full), nor is sigma's narrowing.
 */
export function rateGame(skills: readonly Skill[], places: readonly number[], worth?: readonly number[]): Skill[] {
  const teams = skills.map((s) => [{ mu: s.mu, sigma: s.sigma }]);
  const after = rate(teams, { rank: [...places] }).map((team) => ({ mu: team[0]!.mu, sigma: team[0]!.sigma }));
  if (!worth) return after;
  return after.map((s, i) => {
    const gain = s.mu - skills[i]!.mu;
    if (gain <= 0) return s;
    const beaten = places.flatMap((p, j) => (j !== i && p >= places[i]! ? [worth[j] ?? 1] : []));
    const weight = beaten.length === 0 ? 1 : beaten.reduce((a, b) => a + b, 0) / beaten.length;
    return { mu: skills[i]!.mu + gain * weight, sigma: s.sigma };
  });
}
