/**
 * A plain, read-only copy of the synced table state (server/src/room/schema.ts), with the JSON
 * fields parsed. Scenes render from this and never touch schema objects.
 */
export type Json = Record<string, unknown>;

/** One entry of `mine.legal`: the client enables exactly these. */
export interface LegalAction {
  readonly type: string;
  readonly card?: string;
  readonly [key: string]: unknown;
}

export interface MineSnap {
  readonly hand: readonly string[];
  readonly legal: readonly LegalAction[];
  readonly info: Json;
}

export interface SeatSnap {
  readonly index: number;
  readonly name: string;
  readonly occupied: boolean;
  readonly isBot: boolean;
  readonly botReason: string;
  readonly connected: boolean;
  readonly awayUntil: number;
  readonly ping: number;
  readonly handCount: number;
  readonly score: number;
  readonly info: Json;
  readonly mine: MineSnap | null;
}

export interface PileSnap {
  readonly count: number;
  readonly cards: readonly string[];
}

export type TableStatus = "waiting" | "playing" | "ended";

export interface TableSnap {
  readonly game: string;
  readonly status: TableStatus;
  readonly phase: string;
  readonly version: number;
  readonly deadline: number;
  readonly round: number;
  readonly dealer: number;
  readonly turn: number;
  readonly awaiting: readonly number[];
  readonly seats: readonly SeatSnap[];
  readonly piles: Readonly<Record<string, PileSnap>>;
  readonly info: Json;
  readonly result: Json | null;
  readonly outcome: Json | null;
  readonly options: Json;
  readonly isPrivate: boolean;
  /** While waiting: server ms when bots fill the empty seats and the game starts; 0 = no countdown. */
  readonly autoFillAt: number;
}

export const EMPTY_TABLE: TableSnap = {
  game: "",
  status: "waiting",
  phase: "",
  version: 0,
  deadline: 0,
  round: 0,
  dealer: -1,
  turn: -1,
  awaiting: [],
  seats: [],
  piles: {},
  info: {},
  result: null,
  outcome: null,
  options: {},
  isPrivate: false,
  autoFillAt: 0,
};

/** Parses a JSON object field; anything else (empty, broken, an array) gives `fallback`. */
export function parseObject(raw: unknown, fallback: Json | null): Json | null {
  if (typeof raw !== "string" || raw.trim() === "") return fallback;
  try {
    const v: unknown = JSON.parse(raw);
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Json) : fallback;
  } catch {
    return fallback;
  }
}

/** Parses `mine.legal`: an array of `{type, ...}` (a bare string means `{type}`). */
export function parseLegal(raw: unknown): LegalAction[] {
  if (typeof raw !== "string" || raw === "") return [];
  try {
    const v: unknown = JSON.parse(raw);
    if (!Array.isArray(v)) return [];
    return v.flatMap((a: unknown): LegalAction[] => {
      if (typeof a === "string") return [{ type: a }];
      if (typeof a === "object" && a !== null && typeof (a as Json)["type"] === "string") return [a as LegalAction];
      return [];
    });
  } catch {
    return [];
  }
}

export function splitHand(raw: unknown): string[] {
  return typeof raw === "string" ? raw.split(/\s+/).filter((c) => c !== "") : [];
}

export function num(v: unknown, fallback = 0): number {
  return typeof v === "number" && Number.isFinite(v) ? v : fallback;
}

export function str(v: unknown, fallback = ""): string {
  return typeof v === "string" ? v : fallback;
}
