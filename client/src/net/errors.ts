/**
 * Every failure a player can meet, as a sentence and a way on. Join failures come from the
 * matchmaker (Colyseus ErrorCode 520-526, "<room> is already full." when the seat reservation is
 * refused, HTTP 503 while the server is busy or restarting, 429 / 411 / 413 from the server's
 * request gate) or from the table's own checks (`table-full`, `bad table options`, `bad join
 * options`, all 526). Rejected messages come from the room (`rate-limited`, `not-seated`,
 * `server-error`, the frame guards) or the rules engine (its message is already a sentence).
 * The player never sees a raw code.
 */
import type { Rejection } from "@scat/shared";

/** What the lobby offers next to the sentence. */
export type WayOn = "watch" | "retry" | "check-code" | "change-options" | "none";

export interface JoinProblem {
  readonly text: string;
  readonly way: WayOn;
}

/** The parts of a failed matchmaking request the SDK hands us. */
function partsOf(err: unknown): { code: number | string | null; message: string } {
  if (err instanceof Error) {
    const code = (err as Error & { code?: unknown }).code;
    return { code: typeof code === "number" || typeof code === "string" ? code : null, message: err.message || err.name };
  }
  if (typeof err === "string") return { code: null, message: err };
  if (typeof err === "object" && err !== null && "message" in err)
    return { code: null, message: String((err as { message: unknown }).message) };
  return { code: null, message: "" };
}

/** Table-level refusals: the text before the colon is the server's kebab-case reason. */
function fromApplication(message: string): JoinProblem {
  if (/table-full/i.test(message)) return { text: "Every seat at that table is taken. You can still watch it.", way: "watch" };
  if (/bad table options/i.test(message))
    return {
      text: "The server does not accept this table setup. Change the players, bots or options and try again.",
      way: "change-options",
    };
  const badName = /bad-name: (.+)$/i.exec(message);
  if (badName) return { text: `The server did not accept your name. ${badName[1]}.`, way: "retry" };
  if (/bad join options/i.test(message))
    return { text: "The server did not accept your name. Use 1 to 24 characters and try again.", way: "retry" };
  if (/unknown game/i.test(message)) return { text: "This server does not have that game.", way: "none" };
  return { text: "The table turned you away. Try again, or pick another table.", way: "retry" };
}

const BY_CODE: Readonly<Record<number, JoinProblem>> = {
  520: { text: "This server does not have that game yet.", way: "none" },
  521: { text: "No open table matches that. Try quick play or create a table.", way: "retry" },
  522: { text: "No table has that code. Check the code; the table may also have ended.", way: "check-code" },
  523: { text: "The server could not open the table just now. Try again in a moment.", way: "retry" },
  524: { text: "Your seat at that table has expired. Join again from the lobby.", way: "retry" },
  525: { text: "The server did not let you in. Reload the page and try again.", way: "retry" },
  503: { text: "The server is busy or restarting. Try again in a moment.", way: "retry" },
  429: { text: "Too many tries in a short time. Wait a moment, then try again.", way: "retry" },
  411: { text: "The server could not read that request. Reload the page and try again.", way: "retry" },
  413: { text: "Those table settings are too long for the server. Shorten your name and try again.", way: "retry" },
};

/** A failed quick play, create, join or watch as a sentence and a way on. */
export function explainJoinError(err: unknown, watching = false): JoinProblem {
  const { code, message } = partsOf(err);
  if (/failed to fetch|fetch failed|networkerror|load failed|ECONNREFUSED/i.test(message)) {
    return { text: "Cannot reach the game server. Check your connection and try again.", way: "retry" };
  }
  // The seat reservation refused: every player seat (or, watching, every spectator place) is taken.
  if (/is already full/i.test(message)) {
    return watching
      ? { text: "That table already has as many watchers as it allows. Try again later.", way: "none" }
      : { text: "Every seat at that table is taken. You can still watch it.", way: "watch" };
  }
  // Its server cannot reach the shared store for a moment (docs/PROTOCOL.md, `table-paused`): the game is safe.
  if (/table-paused/i.test(message))
    return { text: "That table's server is paused for a moment; its game is safe. Try again in a few seconds.", way: "retry" };
  if (code === 526 || /table-full|bad table options|bad join options/i.test(message)) return fromApplication(message);
  const known = typeof code === "number" ? BY_CODE[code] : undefined;
  if (known) return known;
  return { text: "Something went wrong joining the table. Try again.", way: "retry" };
}

/** Room-level refusals (server/src/table/messages.ts); engine refusals carry their own sentence. */
const REJECTED: Readonly<Record<string, string>> = {
  "rate-limited": "Slow down a little: too many clicks at once.",
  "not-seated": "You are watching this table, so you cannot play here.",
  "not-started": "The game has not started yet.",
  "already-started": "The game has already started.",
  "invalid-action": "That move did not reach the table intact; it was not played. Try again.",
  "invalid-message": "The table did not understand that; nothing happened. Try again.",
  "unknown-message": "The table did not understand that; nothing happened. Try again.",
  "player-out": "You are out of this game; watch the rest or leave.",
  "server-error": "The server stumbled over that; the game goes on. Try again.",
  saving: "The table is saving, one moment: try again when it goes on.",
  "bad-frame": "The table did not understand that; nothing happened. Try again.",
  "frame-too-large": "That message was too big for the table; nothing happened.",
  "unknown-frame": "The table did not understand that; nothing happened. Try again.",
};

/** A rejected message as the sentence a toast shows. */
export function explainRejection(r: Rejection): string {
  const known = REJECTED[r.code];
  if (known) return known;
  const msg = (r.message ?? "").trim();
  // Engine messages are sentences ("It is not your turn."); anything code-like is replaced.
  if (msg !== "" && /\s/.test(msg) && !/^[a-z]+(-[a-z]+)+:/.test(msg)) return msg;
  return "That move is not allowed right now.";
}
