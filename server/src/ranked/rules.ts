import type { TableWaits } from "./forming.ts";
/** Ranked play's rules as configured (config.ts, `RANKED_*`): read by the platform and by ranked play. */
export interface RankedRules {
  /** Guests may queue (never by default: ranked play is for saved accounts). */
  readonly guests: boolean;
  readonly minGames: number;
  readonly acceptSeconds: number;
  readonly pairGamesPerDay: number;
  readonly abortSteps: number;
  readonly sameAddress: boolean;
  /** Players of poor conduct meet the others only once both waited this long. */
  readonly poolMixMs: number;
  /** When each game's queue accepts a smaller table (ranked/forming.ts); none: full tables only. */
  readonly tableWaits?: TableWaits;
}
