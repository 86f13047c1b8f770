/** The table a player asks for in the lobby, and the join options built from it. */
import { BOT_STRENGTHS, quickPlayKey, type BotStrength, type GameId, type JoinOptions } from "@scat/shared";
import { DEFAULT_GAME, gameModule, seatRange } from "../games/registry.ts";
import type { VariantDef, VariantValue } from "../games/types.ts";

export interface TableOptions {
  readonly game: GameId;
  readonly seats: number;
  readonly bots: number;
  /** How well the bots play (absent: normal). */
  readonly botStrength?: BotStrength;
  readonly turnSeconds: number;
  /** Only values that differ from the variant's default (so equal tables share a quick-play key). */
  readonly variants: Readonly<Record<string, VariantValue>>;
}

export const DEFAULT_OPTIONS: TableOptions = {
  game: DEFAULT_GAME,
  seats: 3,
  bots: 2,
  turnSeconds: 30,
  variants: {},
};

/** Whether a variant is offered at this table size. */
export function variantAllowed(v: VariantDef, seats: number): boolean {
  return seats >= (v.seats?.min ?? 0) && seats <= (v.seats?.max ?? Infinity);
}

/** A remembered or typed variant value made valid, or undefined when it is the default. */
export function sanitizeVariant(v: VariantDef, raw: unknown): VariantValue | undefined {
  switch (v.kind) {
    case "checkbox":
      return raw === true && v.default !== true ? true : raw === false && v.default === true ? false : undefined;
    case "select": {
      const hit = v.options.find((o) => String(o.value) === String(raw));
      return hit === undefined || hit.value === v.default ? undefined : hit.value;
    }
    case "number": {
      if (typeof raw !== "number" && typeof raw !== "string") return undefined;
      const n = Number(raw);
      if (raw === "" || !Number.isFinite(n)) return undefined;
      const c = clampInt(n, v.min, v.max);
      return c === v.default ? undefined : c;
    }
  }
}

/** Keeps a remembered or typed choice inside what the protocol and the game accept. */
export function sanitizeOptions(o: Partial<TableOptions>): TableOptions {
  const module = gameModule(o.game ?? "");
  const game = module?.id ?? DEFAULT_GAME;
  const range = seatRange(game);
  const seats = clampInt(o.seats ?? range.default, range.min, range.max);
  const bots = clampInt(o.bots ?? seats - 1, 0, seats - 1);
  const turnSeconds = clampInt(o.turnSeconds ?? DEFAULT_OPTIONS.turnSeconds, 10, 120);
  const variants: Record<string, VariantValue> = {};
  for (const v of gameModule(game)?.variants ?? []) {
    const value = variantAllowed(v, seats) ? sanitizeVariant(v, o.variants?.[v.key]) : undefined;
    if (value !== undefined) variants[v.key] = value;
  }
  const botStrength = BOT_STRENGTHS.find((k) => k === o.botStrength && k !== "normal");
  return { game, seats, bots, turnSeconds, variants, ...(botStrength ? { botStrength } : {}) };
}

function clampInt(n: number, min: number, max: number): number {
  const v = Number.isFinite(n) ? Math.round(n) : min;
  return Math.min(max, Math.max(min, v));
}

export interface Identity {
  readonly name: string;
  readonly playerId: string;
  /** This client adds a random value to each deal it is dealt into (docs/FAIRNESS.md, "Players' entropy"). */
  readonly shuffle?: boolean;
}

/** Options for quick play: the table settings plus the matching key. */
export function quickPlayOptions(o: TableOptions, who: Identity): JoinOptions {
  const table = {
    seats: o.seats,
    bots: o.bots,
    turnSeconds: o.turnSeconds,
    variants: { ...o.variants },
    ...(o.botStrength ? { botStrength: o.botStrength } : {}),
  };
  return { ...who, ...table, mode: quickPlayKey(table) };
}

/**
 * A private table made in the lobby is made for the friends its link goes to: every seat but the
 * host's stays open until the host presses "Fill with bots and start" (the table's bots, of the
 * chosen strength, take the seats nobody came for). Seated at creation, the lobby's bots filled a
 * default table at once and it started before the friend could come.
 */
export function forInvitees(o: TableOptions): TableOptions {
  return { ...o, bots: 0 };
}

export function privateTableOptions(o: TableOptions, who: Identity): JoinOptions {
  return {
    ...who,
    seats: o.seats,
    bots: o.bots,
    turnSeconds: o.turnSeconds,
    variants: { ...o.variants },
    private: true,
    ...(o.botStrength ? { botStrength: o.botStrength } : {}),
  };
}
