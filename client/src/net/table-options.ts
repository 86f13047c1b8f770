/** The table a player asks for in the lobby, and the join options built from it. */
import { quickPlayKey, type GameId, type JoinOptions } from "@scat/shared";

export interface TableOptions {
  readonly game: GameId;
  readonly seats: number;
  readonly bots: number;
  readonly turnSeconds: number;
  readonly variants: Readonly<Record<string, boolean>>;
}

export const DEFAULT_OPTIONS: TableOptions = {
  game: "devils_scat",
  seats: 3,
  bots: 2,
  turnSeconds: 30,
  variants: {},
};

/** Keeps a remembered or typed choice inside what the protocol accepts. */
export function sanitizeOptions(o: Partial<TableOptions>): TableOptions {
  const seats = clampInt(o.seats ?? DEFAULT_OPTIONS.seats, 2, 6);
  const bots = clampInt(o.bots ?? seats - 1, 0, seats - 1);
  const turnSeconds = clampInt(o.turnSeconds ?? DEFAULT_OPTIONS.turnSeconds, 10, 120);
  const variants: Record<string, boolean> = {};
  for (const [k, v] of Object.entries(o.variants ?? {})) if (v === true) variants[k] = true;
  // Boot a Suit is for 2-3 player games only (rules, Variants).
  if (seats > 3) delete variants["bootASuit"];
  return { game: o.game ?? DEFAULT_OPTIONS.game, seats, bots, turnSeconds, variants };
}

function clampInt(n: number, min: number, max: number): number {
  const v = Number.isFinite(n) ? Math.round(n) : min;
  return Math.min(max, Math.max(min, v));
}

export interface Identity {
  readonly name: string;
  readonly playerId: string;
}

/** Options for quick play: the table settings plus the matching key. */
export function quickPlayOptions(o: TableOptions, who: Identity): JoinOptions {
  const table = { seats: o.seats, bots: o.bots, turnSeconds: o.turnSeconds, variants: { ...o.variants } };
  return { ...who, ...table, mode: quickPlayKey(table) };
}

export function privateTableOptions(o: TableOptions, who: Identity): JoinOptions {
  return { ...who, seats: o.seats, bots: o.bots, turnSeconds: o.turnSeconds, variants: { ...o.variants }, private: true };
}
