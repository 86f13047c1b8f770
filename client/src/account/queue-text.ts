/**
 * The ranked queue's status in a player's words (docs/API.md, "Ranked queue"): how many wait for
 * this game, the estimated wait from the last hour's tables, which table sizes form and after how
 * long, and why someone waiting cannot be matched with you.
 */
import type { QueueStatus } from "@scat/shared";

export function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

const WORDS: Record<number, string> = { 2: "two", 3: "three", 4: "four", 5: "five", 6: "six" };

export interface QueueLines {
  readonly count: string;
  readonly estimate: string;
  readonly sizes: string;
  readonly unmatched: string;
}

export function queueLines(s: QueueStatus, title: string): QueueLines {
  const count = `${s.queued} in the ${title} queue`;
  const estimate =
    s.estimateMs === null ? "No estimate yet: no table formed in the last hour" : `Estimated wait ${clock(s.estimateMs)} (last hour)`;
  const smaller = s.waits.filter((w) => w.size < s.sizes[0]! && s.sizes.includes(w.size));
  const full = s.sizes[0] ?? s.seats;
  const sizes =
    s.sizes.length === 1
      ? // One size only: the rules fix the table (Scatterbrain is a game for exactly four).
        `${title} needs exactly ${WORDS[full] ?? full} players: its rules are written for ${WORDS[full] ?? full}, so a table forms when ${WORDS[full] ?? full} are queued`
      : `A table of ${full} at once${smaller.map((w) => `; of ${w.size} after ${clock(w.afterMs)}`).join("")}${smaller.length > 0 ? " of waiting" : ""}`;
  return { count, estimate, sizes, unmatched: s.unmatched ?? "" };
}
