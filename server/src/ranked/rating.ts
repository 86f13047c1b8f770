/**
 * Ratings: OpenSkill (Weng-Lin, Plackett-Luce model, the package's defaults: mu 25, sigma 25/3)
 * per player per game. The number people see is mu on a familiar scale, 1500 for a newcomer
 * (60 points per mu), marked provisional for the first games while sigma is still wide, as
 * Lichess marks a rating with "?".
 */
import { rate, rating as fresh } from "openskill";

export const PROVISIONAL_GAMES = 10;
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

/** New skills after one game: `places[i]` is player i's place (1 = first; equal places tie). */
export function rateGame(skills: readonly Skill[], places: readonly number[]): Skill[] {
  const teams = skills.map((s) => [{ mu: s.mu, sigma: s.sigma }]);
  return rate(teams, { rank: [...places] }).map((team) => ({ mu: team[0]!.mu, sigma: team[0]!.sigma }));
}
