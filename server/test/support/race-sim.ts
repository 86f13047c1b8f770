/**
 * Races simulated through the production adjudication: clients at chosen one-way
 * delays (asymmetric, with jitter), clock offsets and reaction times, pinged by page pongs and
 * transport pongs, pressing after a reveal; their presses held and released by the real
 * `HeldRace`/`RaceCollector`/`LatencyEstimator`/`ClaimQuota`. Time is simulated (no timers), so
 * thousands of races take milliseconds.
 *
 * The lying-client kit (`LIES`): a client that answers pings late then early, shifts its clock
 * mid-game, claims the card was shown later or pressed earlier than it was (each as far as the
 * plausibility checks let it), or all of these at once; and one that comes back on a fresh
 * connection before every race (leaving and taking its seat back, or a second tab with the same
 * playerId), or as a new player (another account, or a new table) each time. Its transport pongs
 * come from its network stack, which page code does not control.
 *
 * Each client is a seat at a simulated table: its connections' estimators are the table's
 * `NetMonitor`'s, seated as the room seats them (`NetMonitor.seated`, the claim quota by player).
 */
import type { Rng } from "@scat/shared";
import { HeldRace } from "../../src/realtime/held-race.ts";
import type { LatencyEstimator } from "../../src/realtime/latency.ts";
import { NetMonitor, serverNow } from "../../src/realtime/net-monitor.ts";

export interface Lie {
  readonly name: string;
  /** Extra ms the page holds its pong to ping `i` (of `n` before a race `race`). */
  pongHold?(race: number): number;
  /** Its clock jumps by this much from race `race` on. */
  clockShift?(race: number): number;
  /** Ms it claims the card showed later than it did. */
  showLater?: number;
  /** Ms it claims it pressed earlier than it did. */
  pressEarlier?: number;
  /**
   * Before every race it comes back on a fresh connection: as the same player (its seat taken
   * back, a takeover, the same account) or as a new player (another account; a new table).
   */
  rejoin?: "same player" | "new player";
  /**
   * Its own link jitters this much (ms, each message, 0..n) however steady the honest player's
   * is: it saturates its own uplink so that the transport's round trips (and with them the claim
   * quota's jitter allowance) widen; its real messages then jitter as much.
   */
  ownJitter?: number;
}

/** The lying policies of the kit; each stays within the plausibility checks where it can. */
export const LIES: readonly Lie[] = [
  { name: "late pongs then early", pongHold: (race) => (race < 10 ? 120 : 0), pressEarlier: 60 },
  { name: "late pongs from the start", pongHold: () => 100, pressEarlier: 50 },
  { name: "clock shifted mid-game", clockShift: (race) => (race >= 10 ? -80 : 0), pressEarlier: 40 },
  { name: "shown later", showLater: 70 },
  { name: "pressed earlier", pressEarlier: 30 },
  { name: "just inside every check", showLater: 70, pressEarlier: 24 },
  {
    name: "everything at once",
    pongHold: (race) => (race % 7 < 3 ? 90 : 0),
    clockShift: (race) => (race >= 15 ? 50 : 0),
    showLater: 70,
    pressEarlier: 40,
  },
  { name: "rejoins before every race", showLater: 70, pressEarlier: 24, rejoin: "same player" },
  { name: "a new player every race", showLater: 70, pressEarlier: 24, rejoin: "new player" },
  { name: "a jittery link of its own (20 ms)", showLater: 70, pressEarlier: 24, ownJitter: 20 },
  { name: "own jittery link, new player every race", showLater: 70, pressEarlier: 24, ownJitter: 20, rejoin: "new player" },
];

export interface SimClient {
  /** Server to client, client to server, ms. */
  readonly down: number;
  readonly up: number;
  /** Extra random delay per message, 0..jitter ms. */
  readonly jitter: number;
  /** Client clock minus server clock, ms. */
  readonly offset: number;
  readonly lie?: Lie;
  /** Its current connection's estimator (its claim quota the seat's player's). */
  readonly net: LatencyEstimator;
  /** Leaves and comes back on a fresh connection, as the same player or as a new one. */
  rejoin(as: "same player" | "new player"): void;
}

let serial = 0;

/** A client seated at `table` (a fresh table of its own unless given). */
export function simClient(p: Omit<SimClient, "net" | "rejoin">, table = new NetMonitor({ transportPings: false })): SimClient {
  let player = `player-${++serial}`;
  let session = `${player}:0`;
  table.seated(session, player);
  return {
    ...p,
    get net() {
      return table.of(session);
    },
    rejoin(as) {
      table.forget(session);
      if (as === "new player") player = `player-${++serial}`;
      session = `${player}:${++serial}`;
      table.seated(session, player);
    },
  };
}

/** `n` pings around server time `t`: page pongs (held back by a liar) and transport pongs. */
export function pingAll(clients: readonly SimClient[], t: number, race: number, rng: Rng, n = 3): void {
  for (let i = 0; i < n; i++) {
    const s = t + i * 1_000;
    for (const c of clients) {
      const shift = c.lie?.clockShift?.(race) ?? 0;
      const at = s + c.down + rng.next() * c.jitter;
      const hold = c.lie?.pongHold?.(race) ?? 0;
      const back = at + hold + c.up + rng.next() * c.jitter;
      c.net.add(s, at + c.offset + shift, back);
      c.net.addTransport(c.down + c.up + rng.next() * c.jitter * 2);
    }
  }
}

export interface RaceOutcome {
  /** Seats in the order released (the first wins), presses that came after the race closed left out. */
  readonly order: number[];
  /** Each seat's adjudicated reaction time (NaN: did not press); a press after the race closed is judged too. */
  readonly judged: number[];
}

/**
 * One race: reveal at `t`; client i reacts in `reactions[i]` ms (null: does not press).
 * Returns the order the held race released them in.
 */
export function race(
  clients: readonly SimClient[],
  reactions: readonly (number | null)[],
  t: number,
  raceNo: number,
  rng: Rng,
): RaceOutcome {
  let timerAt = Infinity;
  let timerFn: (() => void) | null = null;
  const order: number[] = [];
  const judged = clients.map(() => NaN);
  const held = new HeldRace<number>(
    t,
    (fn, ms) => {
      timerFn = fn;
      timerAt = now + ms;
      return {
        clear: () => {
          timerFn = null;
          timerAt = Infinity;
        },
      };
    },
    (ordered) => {
      for (const h of ordered) order.push(h.payload);
    },
    () => 0,
  );
  let now = t;
  const presses = clients
    .map((c, i) => {
      const r = reactions[i];
      if (r === null || r === undefined) return null;
      const shift = c.lie?.clockShift?.(raceNo) ?? 0;
      const seen = t + c.down + rng.next() * c.jitter;
      const shown = seen + rng.next() * 16;
      const pressed = shown + r;
      const arrivedAt = pressed + c.up + rng.next() * c.jitter;
      const claim = {
        shownAt: shown + c.offset + shift + (c.lie?.showLater ?? 0),
        pressedAt: pressed + c.offset + shift - (c.lie?.pressEarlier ?? 0),
      };
      return { seat: i, arrivedAt, claim };
    })
    .filter((p) => p !== null)
    .sort((a, b) => a.arrivedAt - b.arrivedAt);
  let closed = false;
  for (const p of presses) {
    if (timerAt <= p.arrivedAt && timerFn) {
      now = timerAt;
      const fn: () => void = timerFn;
      fn();
      closed = true;
    }
    // Too late for this race (the Joker is taken); judged all the same, for the figures.
    if (closed) {
      judged[p.seat] = held.collector.press(p.seat, p.claim, p.arrivedAt, clients[p.seat]!.net).reactionMs;
      continue;
    }
    now = p.arrivedAt;
    // Everyone else who has not pressed could still be pressing (the server cannot know who will).
    const waiting = clients.filter((_, i) => i !== p.seat && !held.heldSeat(i)).map((c) => c.net);
    judged[p.seat] = held.hold(p.seat, p.claim, p.arrivedAt, clients[p.seat]!.net, p.seat, waiting).reactionMs;
  }
  if (!closed) held.flush();
  return { order, judged };
}

/**
 * One race at a fresh table of 2-4 honest clients (one-way delays 5-150 ms, jitter 0-`jitterMaxMs`,
 * each just seated: the join's 5 pings, then the race), reactions 250-900 ms. Null when the two
 * fastest are closer than a client's timer resolution (a tie either way).
 */
export function honestRace(rng: Rng, jitterMaxMs: number): { reactions: number[]; fastest: number; out: RaceOutcome } | null {
  const seats = 2 + rng.int(3);
  const table = new NetMonitor({ transportPings: false });
  const clients = Array.from({ length: seats }, () =>
    simClient(
      { down: 5 + rng.next() * 145, up: 5 + rng.next() * 145, jitter: rng.next() * jitterMaxMs, offset: (rng.next() - 0.5) * 20_000 },
      table,
    ),
  );
  const t = serverNow();
  pingAll(clients, t, 0, rng, 5);
  const reactions = clients.map(() => 250 + rng.next() * 650);
  const sorted = [...reactions].sort((a, b) => a - b);
  if (sorted[1]! - sorted[0]! < 2) return null;
  return { reactions, fastest: reactions.indexOf(sorted[0]!), out: race(clients, reactions, t + 5_000, 0, rng) };
}
