/**
 * Who may be grouped in a ranked queue (docs/API.md, "Who plays ranked"): never two accounts on
 * one address or one device (unless an operator allows it for an event), never a pair already
 * rated against each other `pairGamesPerDay` times in the last day, never two players who blocked
 * each other (the block list is the social side's: `blocked` is its hook), and players of poor
 * conduct with each other first (until both have waited `mixAfterMs`).
 */
import type { Db } from "../db/database.ts";

export interface Candidate {
  readonly playerId: string;
  readonly address: string;
  /** A random id the page keeps per browser (null from other clients). */
  readonly device: string | null;
  readonly poor: boolean;
  /** Accounts already met `pairGamesPerDay` times in the last day. */
  readonly exhausted: ReadonlySet<string>;
  readonly since: number;
}

export interface PairingRules {
  readonly sameAddress: boolean;
  readonly mixAfterMs: number;
  /** Whether either of two accounts blocked the other (the social side fills this in). */
  blocked(a: string, b: string): boolean;
}

/** Why two candidates may not be grouped, or null when they may. */
export function apart(a: Candidate, b: Candidate, rules: PairingRules, now: number): string | null {
  if (a.playerId === b.playerId) return "same account";
  if (!rules.sameAddress && a.address === b.address) return "same address";
  if (!rules.sameAddress && a.device !== null && a.device === b.device) return "same device";
  if (a.exhausted.has(b.playerId) || b.exhausted.has(a.playerId)) return "met too often today";
  if (rules.blocked(a.playerId, b.playerId)) return "blocked";
  if (a.poor !== b.poor && (now - a.since < rules.mixAfterMs || now - b.since < rules.mixAfterMs)) return "conduct pools";
  return null;
}

/** Opponents the player was rated against at least `limit` times since `since` (one query). */
export async function exhaustedOpponents(db: Db, playerId: string, since: number, limit: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom("match_players as me")
    .innerJoin("matches as m", "m.id", "me.match_id")
    .innerJoin("match_players as them", "them.match_id", "me.match_id")
    .select(["them.player_id as opponent"])
    .select((eb) => eb.fn.countAll<string | number>().as("games"))
    .where("me.player_id", "=", playerId)
    .where("them.player_id", "!=", playerId)
    .where("m.ended_at", ">=", since)
    .groupBy("them.player_id")
    .execute();
  return new Set(rows.filter((r) => Number(r.games) >= limit).map((r) => r.opponent));
}
