/**
 * What each player saw, checked against the table's durable history (docs/OPERATIONS.md,
 * "Consistency"): every `events` message a player receives is recorded by version (the events
 * as its seat sees them, and when), and compared with the events the journal's steps give
 * replayed from the seed, redacted for that seat. A step a player saw applied and the table
 * then lost (a rewind, a copy that played on alone) shows as a version whose events differ, or
 * that the durable history lacks.
 */
import { RecordedMatch, type LoggedStep } from "@scat/shared";
import { dealSeed } from "@scat/shared/fairness/entropy.ts";
import { dealSeedOf, type GameLog } from "@scat/shared/fairness/game-log.ts";
import { Redis } from "ioredis";
import { decodeJournal, type JournalEntry } from "../../src/durable/journal.ts";
import { GAMES } from "../../src/games.ts";
import { parseTableOptions } from "../../src/table/table-options.ts";
import type { Player } from "./resume-play.ts";

export interface Seen {
  /** version -> the events this seat received at it (JSON). */
  readonly byVersion: Map<number, string>;
  /** Arrival time (ms) of every events message, its version, and the room (process) it came through. */
  readonly arrivals: { at: number; host: string; version: number }[];
  /** A version received twice with different events. */
  conflicts: number;
}

const seen = new WeakMap<Player, Seen>();

export function seenBy(p: Player): Seen {
  let s = seen.get(p);
  if (!s) seen.set(p, (s = { byVersion: new Map(), arrivals: [], conflicts: 0 }));
  return s;
}

export const hostOf = (p: Player): string =>
  String((p.room as unknown as { connection: { transport: { ws: { url: string } } } }).connection.transport.ws.url).split("/")[3] ?? "";

/** Records the events messages of the player's current room (call after each join). */
export function record(p: Player): void {
  const s = seenBy(p);
  const host = hostOf(p);
  p.room.onMessage("events", (m: { version: number; events: unknown[] }) => {
    const text = JSON.stringify(m.events);
    const before = s.byVersion.get(m.version);
    if (before !== undefined && before !== text) s.conflicts++;
    s.byVersion.set(m.version, text);
    s.arrivals.push({ at: Date.now(), host, version: m.version });
  });
}

interface History {
  readonly game: string;
  readonly engine: unknown;
  readonly seed: string;
  readonly startedAt: number;
  readonly steps: readonly LoggedStep[];
}

/** The events of each version of a history as `seat` sees them (versions with none visible are absent, as on the wire). */
export function eventsBySeat(h: History, seat: number): Map<number, string> {
  const game = GAMES[h.game as keyof typeof GAMES]!.game;
  const m = new RecordedMatch(game, h.engine, h.startedAt, h.seed);
  const out = new Map<number, string>();
  const put = (events: readonly unknown[]) => {
    const visible = events.map((e) => game.redactEvent(e as never, seat)).filter((e) => e !== null);
    if (visible.length > 0) out.set(m.state.version, JSON.stringify(visible));
  };
  put(m.setupEvents);
  for (const st of h.steps) {
    const events =
      st.seat === null ? m.expire(st.now) : (m.act(st.seat, st.action, st.now) as { ok: boolean; value?: readonly unknown[] }).value;
    if (!events) throw new Error(`durable history of ${h.game} does not replay at version ${m.state.version}`);
    put(events);
  }
  return out;
}

/** When each version of a history was applied (its step's server time, `Date.now()` on the table's process). */
export function appliedAt(h: History): Map<number, number> {
  const game = GAMES[h.game as keyof typeof GAMES]!.game;
  const m = new RecordedMatch(game, h.engine, h.startedAt, h.seed);
  const out = new Map<number, number>([[m.state.version, h.startedAt]]);
  for (const st of h.steps) {
    if (st.seat === null) m.expire(st.now);
    else m.act(st.seat, st.action, st.now);
    out.set(m.state.version, st.now);
  }
  return out;
}

/** The table's durable history: its journal in Redis while the game goes on, else the game log the player got at the end. */
export async function durableHistory(redis: Redis, p: Player): Promise<History | null> {
  const rows = await redis.xrange(`scat:journal:${p.roomId}`, "-", "+");
  if (rows.length > 0) {
    const record = decodeJournal(
      p.roomId,
      rows.map(([, f]) => JSON.parse(f[1] ?? "null") as JournalEntry),
    );
    if (record.header.k !== "h") return null;
    const game = GAMES[record.header.game as keyof typeof GAMES]!.game;
    const parsed = parseTableOptions(game, record.header.options);
    if (!parsed.ok) throw new Error(parsed.message);
    return {
      game: record.header.game,
      engine: parsed.value.engine,
      seed: record.header.entropy ? dealSeed(record.header.seed, record.header.entropy) : record.header.seed,
      startedAt: record.header.startedAt,
      steps: record.steps,
    };
  }
  const log = p.gameLog as unknown as (GameLog & { steps: LoggedStep[] }) | null;
  // The game was played from the deal seed: the server's seed mixed with the seats' values.
  return log ? { game: log.game, engine: log.options, seed: dealSeedOf(log), startedAt: log.startedAt, steps: [...log.steps] } : null;
}

/**
 * Steps players saw applied that the durable history lacks or has otherwise (0 is the promise).
 * `snapshot` is taken before the history is read: every version in it must be durable.
 */
export async function lostSteps(redis: Redis, players: readonly Player[]): Promise<{ lost: number; checked: number; detail: string[] }> {
  let lost = 0;
  let checked = 0;
  const detail: string[] = [];
  for (const p of players) {
    const snapshot = new Map(seenBy(p).byVersion);
    const history = await durableHistory(redis, p);
    if (!history) throw new Error(`${p.roomId}: no durable history to compare with`);
    const durable = eventsBySeat(history, p.seat);
    for (const [v, text] of snapshot) {
      checked++;
      if (durable.get(v) === text) continue;
      lost++;
      if (detail.length < 10)
        detail.push(`${p.roomId} (${history.game}) v${v}: saw ${text.slice(0, 120)}; durable ${durable.get(v)?.slice(0, 120) ?? "none"}`);
    }
  }
  return { lost, checked, detail };
}
