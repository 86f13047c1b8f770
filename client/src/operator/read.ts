/**
 * What the operator page draws is checked first: the server's answers carry what players wrote
 * (names, notes, chat lines), so every record is read field by field, and one that does not read
 * is drawn as "unreadable" while the rest of the page stays. A time outside what a Date holds (a
 * chat line at 1e300 once threw while drawing and blanked the whole page) reads as unknown.
 */

/** The latest time a `Date` holds, in ms either side of 1970. */
const MAX_TIME = 8.64e15;

/** A time as "YYYY-MM-DD HH:MM" (UTC), or "time unknown" for anything that is not one. */
export function when(ms: unknown): string {
  if (typeof ms !== "number" || !Number.isFinite(ms) || Math.abs(ms) > MAX_TIME) return "time unknown";
  return new Date(ms).toISOString().replace("T", " ").slice(0, 16);
}

const str = (v: unknown, max: number): string | null => (typeof v === "string" && v.length <= max ? v : null);
const time = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) && Math.abs(v) <= MAX_TIME ? v : null);
const obj = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

export interface Who {
  readonly id: string;
  readonly name: string;
}
export interface ChatLine {
  readonly name: string;
  readonly seat: number | null;
  readonly text: string;
  readonly at: number;
}
export interface Report {
  readonly id: string;
  readonly at: number;
  readonly reporter: Who;
  readonly reported: Who;
  readonly reason: string;
  readonly note: string;
  readonly game: string;
  readonly tableId: string;
  readonly source: string | null;
  readonly hasGameLog: boolean;
  readonly gameLogPending: boolean;
  readonly chat: readonly ChatLine[];
  readonly chatUnreadable: boolean;
  readonly signal: { readonly score: number; readonly reporters: number } | null;
}

function who(v: unknown): Who | null {
  const o = obj(v);
  const id = str(o?.["id"], 100);
  const name = str(o?.["name"], 100);
  return id !== null && name !== null ? { id, name } : null;
}

function chatLine(v: unknown): ChatLine | null {
  const o = obj(v);
  const name = str(o?.["name"], 100);
  const text = str(o?.["text"], 2000);
  const at = time(o?.["at"]);
  const seat = o?.["seat"];
  if (name === null || text === null || at === null) return null;
  if (seat !== null && !(typeof seat === "number" && Number.isInteger(seat) && seat >= 0 && seat <= 15)) return null;
  return { name, text, at, seat };
}

/** A report as the page draws it, or null when any field is not what the server sends. */
export function readReport(v: unknown): Report | null {
  const o = obj(v);
  if (o === null) return null;
  const id = str(o["id"], 100);
  const at = time(o["at"]);
  const reporter = who(o["reporter"]);
  const reported = who(o["reported"]);
  const reason = str(o["reason"], 40);
  const note = str(o["note"], 1000);
  const game = str(o["game"], 40);
  const tableId = str(o["tableId"], 100);
  const source = o["source"] === null || o["source"] === undefined ? null : str(o["source"], 20);
  if (
    id === null ||
    at === null ||
    reporter === null ||
    reported === null ||
    reason === null ||
    note === null ||
    game === null ||
    tableId === null
  )
    return null;
  if (!Array.isArray(o["chat"]) || o["chat"].length > 100) return null;
  const chat = o["chat"].map(chatLine);
  if (chat.some((l) => l === null)) return null;
  const s = obj(o["signal"]);
  const signal =
    s !== null &&
    typeof s["score"] === "number" &&
    Number.isFinite(s["score"]) &&
    typeof s["reporters"] === "number" &&
    Number.isInteger(s["reporters"])
      ? { score: s["score"], reporters: s["reporters"] }
      : null;
  return {
    id,
    at,
    reporter,
    reported,
    reason,
    note,
    game,
    tableId,
    source,
    hasGameLog: o["hasGameLog"] === true,
    gameLogPending: o["gameLogPending"] === true,
    chat: chat as ChatLine[],
    chatUnreadable: o["chatUnreadable"] === true,
    signal,
  };
}

/** The id of a record that did not read, if it has a plain one (to name it to the operator). */
export function idOf(v: unknown): string | null {
  const id = obj(v)?.["id"];
  return typeof id === "string" && /^[\w-]{1,100}$/.test(id) ? id : null;
}
