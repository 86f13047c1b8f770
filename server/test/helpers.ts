/** Shared helpers for room tests: a server on a free loopback port and condition waits. */
import { ColyseusTestServer } from "@colyseus/testing";
import { expandLegal as expandChoices, isOwnSeat, plainOf, privateFactsOf, readChoices } from "@scat/shared/wire-state.ts";
import type { Room as ClientRoom } from "@colyseus/sdk";
import { loadConfig } from "../src/config.ts";
import { createServer } from "../src/app.ts";
import { freePort, TEST_METRICS_TOKEN } from "./support/server-process.ts";

export { freePort, TEST_METRICS_TOKEN };

export async function bootServer(env: Record<string, string> = {}): Promise<ColyseusTestServer> {
  const port = await freePort();
  const config = loadConfig({
    BOT_DELAY_MS: "1-5",
    LOG_LEVEL: "silent",
    RATE_LIMIT_PER_SECOND: "100",
    RATE_LIMIT_BURST: "100",
    MATCHMAKE_RATE_PER_SECOND: "10000",
    MATCHMAKE_BURST: "10000",
    METRICS_TOKEN: TEST_METRICS_TOKEN,
    ...env,
    PORT: String(port),
  });
  const server = createServer(config);
  await server.listen(port, "127.0.0.1");
  return new ColyseusTestServer(server);
}

/** Polls `check` until it returns a truthy value (no fixed sleeps). */
export async function until<T>(check: () => T | undefined | null | false, what: string, timeoutMs = 10_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    let v: T | undefined | null | false;
    try {
      v = check();
    } catch {
      v = undefined;
    }
    if (v) return v;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Collects every message a client room receives, by type. */
export function record(room: ClientRoom): { type: string; message: unknown }[] {
  const log: { type: string; message: unknown }[] = [];
  room.onMessage("*", (type, message) => log.push({ type: String(type), message }));
  return log;
}

export interface SeatSnapshot {
  hand: string[];
  legal: { type: string; card?: string }[];
  info: Record<string, unknown>;
}

/** The decoded view-tagged part of a client's own seat (hand, legal, private facts), if it can see one. */
export function mine(room: ClientRoom, seat: number): SeatSnapshot | null {
  const m = (room.state as any)?.seats?.[seat];
  if (!isOwnSeat(m)) return null;
  return { hand: Array.from(m.hand as Iterable<string>), legal: expandLegal(expandChoices(readChoices(m.legal))), info: privateFactsOf(m) };
}

/** The seat whose view-tagged part this client decodes (only its own is ever sent), or null. */
export function seatOf(room: ClientRoom): number | null {
  const seats = (room.state as any)?.seats;
  if (!seats) return null;
  for (let i = 0; i < seats.length; i++) if (isOwnSeat(seats[i])) return i;
  return null;
}

/** Waits until the client decodes its own seat. */
export async function waitSeat(room: ClientRoom): Promise<number> {
  return (
    await until(() => {
      const s = seatOf(room);
      return s === null ? null : { s };
    }, "seated")
  ).s;
}

/** Every event of one type a client received. */
export function eventsOf(log: { type: string; message: unknown }[], type: string): any[] {
  return log
    .filter((m) => m.type === "events")
    .flatMap((m) => (m.message as { events: { type: string }[] }).events)
    .filter((e) => e.type === type);
}

/** A client's decoded game outcome (null while the game goes on). */
export function outcomeOf(room: ClientRoom): { winners: number[]; ranking: number[]; scores: number[]; places: number[] } | null {
  return plainOf((room.state as any)?.outcome) as never;
}

/** Expands `{type, cards: {choose, from}}` summaries in a legal list into every concrete action. */
export function expandLegal(legal: any[]): any[] {
  return legal.flatMap((a) => {
    const c = a?.cards;
    if (!c || Array.isArray(c) || typeof c.choose !== "number") return [a];
    const out: any[] = [];
    const pick = (start: number, acc: string[]) => {
      if (acc.length === c.choose) return void out.push({ ...a, cards: acc });
      for (let i = start; i < c.from.length; i++) pick(i + 1, [...acc, c.from[i]]);
    };
    pick(0, []);
    return out;
  });
}

/**
 * Plays one seat from `mine.legal` (Continue first, else the first choice) until the server's
 * match is over, acting only on a state the client has fully received.
 */
export async function playToEnd(
  name: string,
  room: ClientRoom,
  seat: number,
  srv: { match: { over: boolean; state: { version: number } } | null },
): Promise<void> {
  let seen = -1;
  while (!srv.match?.over) {
    const next = await until(
      () => {
        if (srv.match?.over) return { legal: [] as { type: string }[] };
        const m = mine(room, seat);
        const v = (room.state as any).version;
        return m && m.legal.length > 0 && v !== seen && v === srv.match?.state.version ? { legal: m.legal } : null;
      },
      `${name}: a decision or the end`,
      60_000,
    );
    if (next.legal.length === 0) return;
    seen = (room.state as any).version;
    room.send("action", next.legal.find((a) => a.type === "continue") ?? next.legal[0]);
  }
}

/**
 * Answers the table's `shuffle` request as our client does (docs/FAIRNESS.md, "Players'
 * entropy"): a random value per deal, kept in `values` so a test can look for it in the log.
 * Join with `shuffle: true` for the table to wait for it.
 */
export function contribute(room: ClientRoom): { values: string[] } {
  const kept = { values: [] as string[] };
  room.onMessage("shuffle", () => {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    const value = Buffer.from(bytes).toString("hex");
    kept.values.push(value);
    room.send("shuffle", { value });
  });
  return kept;
}

/**
 * Leaves `room`, settling at once when its socket is already closed (the server closed it, or a
 * fault did): the SDK's `leave()` then waits for a close that already happened and never settles,
 * which hung a test's clean-up whenever the server closed the socket first (keep-apart: the
 * ranked queue closes a seated player's queue socket). Bounded by `ms` in any case.
 */
export function leaveRoom(room: { leave(): Promise<unknown>; connection?: { isOpen?: boolean } | undefined }, ms = 5_000): Promise<void> {
  if (room.connection?.isOpen === false) return Promise.resolve();
  return Promise.race([
    room.leave().then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((r) => setTimeout(r, ms)),
  ]);
}
