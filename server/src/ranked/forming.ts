/**
 * How a ranked queue forms tables from whoever is waiting (docs/API.md, "Ranked queue"): the
 * fullest table the game's ranked format seats forms at once; smaller tables the rules allow are
 * accepted as the wait grows (by default 3 after 45 s, 2 after 90 s). Among the ways to split the
 * waiting players, the queue takes the one that seats the most of them, in the fewest tables,
 * with the least waiting in all: five players become a three and a two rather than a four and
 * one left alone, while eight become two fours at once. Pure: the queue room calls it each cycle.
 */
import { ENGINES } from "@scat/shared/games/registry.ts";
import type { GameId } from "@scat/shared";
import { RANKED_FORMATS } from "./formats.ts";

/** A smaller table and how long the longest-waiting player must have waited before it forms. */
export interface SizeWait {
  readonly size: number;
  readonly afterMs: number;
}
export type SizeWaits = readonly SizeWait[];
/** Per game, `*` for every game without its own. */
export type TableWaits = Readonly<Record<string, SizeWaits>>;

export const DEFAULT_TABLE_WAITS = "3:45,2:90";

/**
 * The table sizes a game's ranked queue may form, fullest first: every seat count its rules
 * accept (the game's own options schema), up to the ranked format's size. Scatterbrain's rules
 * seat exactly four, so its queue only ever forms tables of four.
 */
export function allowedSizes(game: GameId): number[] {
  const format = RANKED_FORMATS[game];
  const out: number[] = [];
  for (let s = format.seats; s >= 2; s--) if (ENGINES[game].optionsSchema.safeParse({ ...format.variants, seats: s }).success) out.push(s);
  return out;
}

/** How long a wait a table of `size` needs: none for the fullest, the configured wait for a smaller one, never for one not configured. */
function waitFor(size: number, sizes: readonly number[], waits: SizeWaits): number {
  if (size === sizes[0]) return 0;
  return waits.find((w) => w.size === size)?.afterMs ?? Number.POSITIVE_INFINITY;
}

/** The smallest table the rules and the wait allow. */
export function minSizeAfter(sizes: readonly number[], waits: SizeWaits, waitedMs: number): number {
  let min = sizes[0]!;
  for (const s of sizes) if (waitFor(s, sizes, waits) <= waitedMs) min = Math.min(min, s);
  return min;
}

interface Plan {
  readonly seated: number;
  readonly tables: number;
  readonly cost: number;
  readonly parts: readonly number[];
}

function better(a: Plan, b: Plan): boolean {
  if (a.seated !== b.seated) return a.seated > b.seated;
  if (a.tables !== b.tables) return a.tables < b.tables;
  return a.cost < b.cost;
}

/**
 * The tables to form now from `n` waiting players, fullest first, when the longest-waiting of them
 * has waited `waitedMs`: the parts of the best split (most seated, fewest tables, least waiting:
 * each table's size × the wait it needs) whose wait has passed. The rest keep waiting for theirs.
 */
export function planTables(n: number, sizes: readonly number[], waits: SizeWaits, waitedMs: number): number[] {
  const usable = sizes.filter((s) => Number.isFinite(waitFor(s, sizes, waits)));
  const best: Plan[] = [{ seated: 0, tables: 0, cost: 0, parts: [] }];
  for (let m = 1; m <= n; m++) {
    // One left waiting, or a table of an allowed size.
    let pick: Plan = { ...best[m - 1]!, parts: best[m - 1]!.parts };
    for (const s of usable) {
      if (s > m) continue;
      const prev = best[m - s]!;
      const cand: Plan = {
        seated: prev.seated + s,
        tables: prev.tables + 1,
        cost: prev.cost + s * waitFor(s, sizes, waits),
        parts: [...prev.parts, s],
      };
      if (better(cand, pick)) pick = cand;
    }
    best.push(pick);
  }
  return best[n]!.parts.filter((s) => waitFor(s, sizes, waits) <= waitedMs).sort((a, b) => b - a);
}

/**
 * `RANKED_TABLE_WAITS`: `size:seconds,...` for every game, then `;game=size:seconds,...` for a
 * game of its own (e.g. `3:45,2:90;dark_hand=3:30`). Sizes a game's rules do not allow are ignored.
 */
export function parseTableWaits(text: string): TableWaits {
  const out: Record<string, SizeWaits> = { "*": [] };
  for (const entry of text
    .split(";")
    .map((e) => e.trim())
    .filter(Boolean)) {
    const eq = entry.indexOf("=");
    const game = eq < 0 ? "*" : entry.slice(0, eq).trim();
    if (game !== "*" && !(game in RANKED_FORMATS)) throw new Error(`RANKED_TABLE_WAITS: no ranked game "${game}"`);
    const list = (eq < 0 ? entry : entry.slice(eq + 1))
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => {
        const m = /^(\d+):(\d+(?:\.\d+)?)$/.exec(p);
        if (!m) throw new Error(`RANKED_TABLE_WAITS: "${p}" is not size:seconds`);
        return { size: Number(m[1]), afterMs: Math.round(Number(m[2]) * 1000) };
      });
    out[game] = list.sort((a, b) => a.afterMs - b.afterMs);
  }
  return out;
}

export function waitsOf(waits: TableWaits, game: string): SizeWaits {
  return waits[game] ?? waits["*"] ?? [];
}

const HOUR_MS = 3_600_000;

/** How long each player seated in the last hour waited (in memory, per process: the queue's process). */
export class WaitLog {
  private readonly entries: { at: number; waitedMs: number }[] = [];
  add(at: number, waitedMs: number): void {
    this.entries.push({ at, waitedMs });
  }
  recent(now: number): number[] {
    while (this.entries.length > 0 && this.entries[0]!.at <= now - HOUR_MS) this.entries.shift();
    return this.entries.map((e) => e.waitedMs);
  }
}

/** The median wait of the players seated in the last hour, or null when nobody was. */
export function estimateWait(log: WaitLog, now: number): number | null {
  const waits = log.recent(now).sort((a, b) => a - b);
  if (waits.length === 0) return null;
  return waits[Math.floor((waits.length - 1) / 2)]!;
}
