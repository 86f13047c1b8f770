/**
 * One table driven by one load generator (a k6 VU, or one task of the Node swarm): it creates a
 * private table, seats its simulated players (one SDK client and WebSocket each; the rest of the
 * seats are bots), and plays it at the pace the scenario sets until the game ends or time is up.
 * Driving a whole table from one place puts every player on one clock, so action→others'-patch
 * latency and "was the truly fastest slapper first" are measured exactly.
 */
import type { Client, Room } from "@colyseus/sdk";
import { ChatTraffic, type ChatPlan } from "./chat.ts";
import { DelayedPath } from "./delayed.ts";
import { joinFailure } from "./join-errors.ts";
import { chooseAction } from "./policy.ts";
import type { Sink } from "./sink.ts";
import { readView, type LegalAction, type TableView } from "./view.ts";

export type { Sink };

export interface TablePlan {
  readonly game: string;
  readonly seats: number;
  readonly humans: number;
  readonly turnSeconds: number;
  readonly variants: Record<string, unknown>;
  /** A player's think time before acting, ms. */
  readonly thinkMs: () => number;
  /** A player's reaction time to a revealed slap card, ms (integers, distinct within a race). */
  readonly reactionMs: () => number;
  /** Injected one-way delay of player i: base up, base down, jitter (ms). */
  readonly path: (player: number) => { upMs: number; downMs: number; jitterMs: number };
  /** Epoch ms when the table must be left even if the game goes on. */
  readonly stopAt: number;
  readonly rnd: () => number;
  readonly client: () => Client;
  /** Actions a player picks whenever one is legal. */
  readonly prefer?: (a: LegalAction) => boolean;
  /** Logs every slap whose claim the server did not accept. */
  readonly debug?: boolean;
  /**
   * Players (by index) running the lying-client policy (docs/FAIRNESS.md, "Against a lying
   * client"): pongs held back, the card claimed shown later and the press claimed earlier, and
   * (slap races) a fresh connection to its own seat after every race: the same playerId taking
   * the seat over, so each race is its new connection's first (a call race is each table's only
   * one, joined fresh).
   */
  readonly cheaters?: ReadonlySet<number>;
  /**
   * The smoke's lab mode: at a table with cheaters, every cheater truly reacts this much (plus
   * 0-20 ms) slower than the table's fastest honest player, so every race there pits the
   * cheaters against an honest player at least that much faster (the target: under 5 % of those
   * may go to a cheater). Unset: cheaters draw their reactions like everyone.
   */
  readonly cheatersBehindMs?: number | undefined;
  /**
   * Tells the server each connection's simulated link (`simulateLink`, honoured only by a server
   * with DELAY_SIMULATED=1, as every load-test target here is), so that the transport round trip
   * caps the page's as on a real network (default true; false against another server).
   */
  readonly simulateLink?: boolean;
  /** Dark Hand: every player calls at the deal (the same shade) after its reaction time. */
  readonly callRace?: boolean;
  /**
   * Join with `shuffle: true` and answer the table's `shuffle` with a random value, as our client
   * does (docs/FAIRNESS.md, "Players' entropy"): the deal then waits for every player's answer,
   * not only for the last join.
   */
  readonly shuffle?: boolean;
  /** Dark Hand: leave the table once its first call race is judged (the CI smoke: a race per table, so many races in seconds). */
  readonly leaveAfterCallRace?: boolean;
  /**
   * A race where a player's own process stalled its press more than this (ms) is not scored
   * (`call_races_client_stalled`, `slap_races_client_stalled`): a starved load generator sends
   * late like a stalled phone, which no server can judge right.
   */
  readonly maxClientStallMs?: number;
  /** Chat traffic at the table (lib/chat.ts): some players say a quick phrase every few seconds. */
  readonly chat?: ChatPlan;
}

/**
 * What the lying-client policy claims: shown this much later, pressed this much earlier (ms);
 * pongs held this long. 55 ms in all, inside the plausibility checks for the delays and jitter of
 * these scenarios (a larger lie, 70 + 30, was refused often enough that the server's estimate,
 * not the claim quota, judged the liars), so the claim quota alone decides what it buys.
 */
export const LIE = { showLaterMs: 40, pressEarlierMs: 15, pongHoldMs: 100 };
/** Races where the truly fastest is honest and this much faster than every cheater count for `honest_fastest_wins`. */
const HONEST_MARGIN_MS = 30;

/**
 * Scores a judged race against the truth, when the truly fastest is honest and beat every cheater
 * by `HONEST_MARGIN_MS` or more: whether it won (`_honest_fastest_wins`, and `_fastest_wins` as
 * at a table without cheaters: the truly fastest won) and whether a cheater did
 * (`_cheater_wins`); `_mixed_races` counts those races, and `_cheater_gain_ms` is how much earlier
 * than its true reaction each cheater was judged there.
 */
function scoreHonest(
  judged: readonly { seat: number; reactionMs: number }[],
  reactions: ReadonlyMap<number, number>,
  cheaterSeats: ReadonlySet<number>,
  sink: Sink,
  prefix: string,
): void {
  const order = judged.map((x) => x.seat);
  if (cheaterSeats.size === 0 || order.length < 2) return;
  const byTruth = [...reactions.entries()].sort((a, b) => a[1] - b[1]);
  const [fastSeat, fastMs] = byTruth[0]!;
  if (cheaterSeats.has(fastSeat)) return;
  const cheaterBest = Math.min(...byTruth.filter(([seat]) => cheaterSeats.has(seat)).map(([, ms]) => ms));
  if (!(cheaterBest - fastMs >= HONEST_MARGIN_MS)) return;
  sink.count(`${prefix}_mixed_races`);
  // How much earlier than its true reaction each cheater was judged (its claim's lie as the server credited it).
  for (const x of judged)
    if (cheaterSeats.has(x.seat) && reactions.has(x.seat)) sink.trend(`${prefix}_cheater_gain_ms`, reactions.get(x.seat)! - x.reactionMs);
  sink.rate(`${prefix}_honest_fastest_wins`, order[0] === fastSeat);
  sink.rate(`${prefix}_fastest_wins`, order[0] === fastSeat);
  sink.rate(`${prefix}_cheater_wins`, cheaterSeats.has(order[0]!));
}

/**
 * Every player's true reaction in one race, drawn at once when the first of them sees it (`draw`:
 * one player's, distinct within the race). With `behindMs`, the cheaters' come `behindMs` plus
 * 0-20 ms after the fastest honest player's (`TablePlan.cheatersBehindMs`).
 */
function drawReactions(
  seats: readonly { seat: number; cheater: boolean }[],
  draw: () => number,
  rnd: () => number,
  behindMs: number | undefined,
): Map<number, number> {
  const out = new Map<number, number>();
  const distinct = (r: number) => {
    while ([...out.values()].includes(r)) r += 1;
    return r;
  };
  const lab = behindMs !== undefined && seats.some((x) => x.cheater) && seats.some((x) => !x.cheater);
  for (const x of seats) if (!lab || !x.cheater) out.set(x.seat, distinct(draw()));
  if (!lab) return out;
  const fastest = Math.min(...[...out.values()]);
  for (const x of seats) if (x.cheater) out.set(x.seat, distinct(Math.round(fastest + behindMs + rnd() * 20)));
  return out;
}

interface Player {
  readonly index: number;
  room: Room;
  seat: number;
  view: TableView;
  lastVersion: number;
  scheduledFor: number;
  readonly up: DelayedPath;
  readonly down: DelayedPath;
  /** Offset of this player's simulated clock, ms. */
  readonly clockOffset: number;
  leaving: boolean;
  /** Between leaving its connection for a fresh one to its seat and that one's join (the lying policy). */
  rejoining: boolean;
  /** The seat's secret, as a browser keeps it: a fresh connection with it takes the seat back. */
  readonly playerId: string;
  readonly cheater: boolean;
  /** Call race: a call became legal and this player has not sent its call yet (its turn waits for it: its call window ends with its first turn). */
  callDue: boolean;
  callLegal: boolean;
}

interface Pending {
  actor: number;
  version: number;
  sentAt: number;
  seen: Set<number>;
}

interface RaceTruth {
  /** Every player's true reaction, drawn when the first saw the race (`drawReactions`). */
  planned: Map<number, number> | null;
  /** The reactions of the players who saw the race. */
  readonly reactions: Map<number, number>;
  readonly claimed: Map<number, number>;
  /** The longest any player's own process held its press back (its reveal late out of the path, its timer, its send), ms. */
  stallMs: number;
  lastWireAt: number;
  closedAt: number;
  scored: boolean;
}

const now = (): number => Date.now();
const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const bytesOf = (room: Room): number => {
  const ws = (room as unknown as { connection?: { transport?: { ws?: { bytesIn?: number } } } }).connection?.transport?.ws;
  return ws?.bytesIn ?? 0;
};

let joinErrorsLogged = 0;

export async function playTable(plan: TablePlan, sink: Sink): Promise<void> {
  const players: Player[] = [];
  const races = new Map<number, RaceTruth>();
  let pending: Pending | null = null;
  let lastProgress = now();
  const tableStart = now();
  let maxVersion = 0;
  let startVersion = -1;
  let finished = false;
  let resolveDone: () => void = () => undefined;
  const done = new Promise<void>((r) => {
    resolveDone = r;
  });
  const finish = () => {
    if (!finished) {
      finished = true;
      resolveDone();
    }
  };
  const chat = plan.chat ? new ChatTraffic(plan.chat, sink, plan.rnd, plan.stopAt - 2000) : null;

  const join = async (i: number, make: (c: Client) => Promise<Room>): Promise<Room | null> => {
    const t0 = now();
    try {
      const room = await make(plan.client());
      sink.trend("join_ms", now() - t0);
      sink.rate("join_failed", false);
      return room;
    } catch (err) {
      const failure = joinFailure(err);
      sink.rate("join_failed", true);
      sink.count("join_errors", 1, { reason: failure.reason });
      if (joinErrorsLogged++ < 5) console.warn(`join ${i} failed after ${now() - t0} ms: ${failure.text}`);
      return null;
    }
  };

  const act = (p: Player, action: Record<string, unknown>, onWire?: () => void) => {
    if (p.leaving) return;
    p.up.send(() => {
      if (p.leaving) return;
      onWire?.();
      p.room.send("action", action);
    });
    sink.count("actions");
  };

  const onRaceOpened = (p: Player, e: { race: number; cause: number }) => {
    const truth = races.get(e.race) ?? {
      planned: null,
      reactions: new Map(),
      claimed: new Map(),
      stallMs: 0,
      lastWireAt: 0,
      closedAt: 0,
      scored: false,
    };
    races.set(e.race, truth);
    truth.planned ??= drawReactions(seated(), plan.reactionMs, plan.rnd, plan.cheatersBehindMs);
    const r = truth.planned.get(p.seat) ?? plan.reactionMs();
    truth.reactions.set(p.seat, r);
    const clock = () => now() + p.clockOffset;
    const shownAt = clock() + plan.rnd() * 16; // the next animation frame shows the card
    const pressAt = shownAt - p.clockOffset + r;
    // This client's own stall: the reveal came out of its simulated path late.
    let stall = p.down.lateMs;
    setTimeout(
      () => {
        const pressedAt = shownAt + r - (p.cheater ? LIE.pressEarlierMs : 0);
        // How late this client's own timer fired (a busy load generator stalls like a busy phone).
        sink.trend("slap_client_stall_ms", Math.max(0, now() - pressAt));
        stall += Math.max(0, now() - pressAt);
        truth.claimed.set(p.seat, r);
        p.up.send(() => {
          if (p.leaving) return;
          truth.stallMs = Math.max(truth.stallMs, stall + p.up.lateMs);
          truth.lastWireAt = Math.max(truth.lastWireAt, now());
          p.room.send("action", { type: "slap", shownAt: shownAt + (p.cheater ? LIE.showLaterMs : 0), pressedAt });
        });
        sink.count("actions");
        if (e.cause === p.seat) {
          setTimeout(
            () =>
              p.up.send(() => {
                if (p.leaving) return;
                truth.lastWireAt = Math.max(truth.lastWireAt, now());
                p.room.send("action", { type: "call" });
              }),
            60 + plan.rnd() * 120,
          );
        }
      },
      Math.max(0, shownAt - clock() + r),
    );
  };

  const onRaceClosed = (result: { id: number; closedBy: string; slaps: { seat: number; reactionMs: number }[] }) => {
    const truth = races.get(result.id);
    if (!truth || truth.scored) return;
    truth.scored = true;
    // The lying policy: a fresh connection to its seat before the next race.
    for (const x of players) if (x.cheater) void rejoin(x);
    // With bots at the table the last slap may be a bot's, sent by the server itself: not timed.
    if (result.closedBy === "all-slapped" && truth.lastWireAt > 0 && plan.humans === plan.seats)
      sink.trend("slap_result_ms", truth.closedAt - truth.lastWireAt);
    // Only races every simulated player slapped in, with no bot, are scored against the truth.
    if (plan.humans !== plan.seats || result.slaps.length !== plan.seats || truth.reactions.size !== plan.seats) return;
    sink.count("slap_races");
    if (truth.stallMs > (plan.maxClientStallMs ?? Infinity)) {
      sink.count("slap_races_client_stalled");
      return;
    }
    const cheaterSeats = new Set(players.filter((x) => x.cheater).map((x) => x.seat));
    scoreHonest(result.slaps, truth.reactions, cheaterSeats, sink, "slap");
    if (plan.debug && cheaterSeats.size > 0)
      console.log(
        `mixed race ${result.id}: cheaters ${JSON.stringify([...cheaterSeats])} truth ${JSON.stringify([...truth.reactions.entries()].sort((a, b) => a[1] - b[1]))} judged ${JSON.stringify(result.slaps)}`,
      );
    // The figures against the truth are for honest tables; with cheaters only the honest players' count.
    if (cheaterSeats.size > 0) return;
    const byTruth = [...truth.reactions.entries()].sort((a, b) => a[1] - b[1]);
    sink.rate("slap_fastest_wins", result.slaps[0]!.seat === byTruth[0]![0]);
    sink.rate("slap_slowest_penalised", result.slaps[result.slaps.length - 1]!.seat === byTruth[byTruth.length - 1]![0]);
    let exact = true;
    for (let i = 0; i < byTruth.length; i++) if (result.slaps[i]!.seat !== byTruth[i]![0]) exact = false;
    sink.rate("slap_order_exact", exact);
    if (plan.debug && !exact)
      console.log(
        `honest race wrong ${result.id} (client stall ${Math.round(truth.stallMs)} ms): truth ${JSON.stringify(byTruth)} judged ${JSON.stringify(result.slaps)} paths ${JSON.stringify(players.map((x) => [x.seat, Math.round(x.up.baseMs), Math.round(x.down.baseMs)]))}`,
      );
    for (const s of result.slaps) {
      const claimed = truth.claimed.get(s.seat);
      if (claimed === undefined) continue;
      const accepted = Math.abs(s.reactionMs - claimed) <= 1;
      sink.rate("slap_claim_accepted", accepted);
      if (!accepted && plan.debug) {
        const p = players.find((x) => x.seat === s.seat);
        console.log(
          `claim refused: race ${result.id} seat ${s.seat} claimed ${claimed} got ${s.reactionMs} ${JSON.stringify(s)} path up ${p?.up.baseMs.toFixed(0)} down ${p?.down.baseMs.toFixed(0)} t+${now() - tableStart} ms`,
        );
      }
    }
  };

  /** Dark Hand: each player calls "dark" after its reaction time from showing the dealt hand. */
  const calls = new Map<
    number,
    { planned: Map<number, number>; reactions: Map<number, number>; scored: boolean; stallMs: number; due: Map<number, number> }
  >();
  const onDeal = (p: Player, round: number) => {
    // Reading three cards takes longer than seeing one.
    const truth = calls.get(round) ?? {
      planned: drawReactions(seated(), () => plan.reactionMs() + 200, plan.rnd, plan.cheatersBehindMs),
      reactions: new Map<number, number>(),
      scored: false,
      stallMs: 0,
      due: new Map<number, number>(),
    };
    calls.set(round, truth);
    // This client's own stall: the deal came out of its simulated path late.
    let stall = p.down.lateMs;
    const r = truth.planned.get(p.seat) ?? plan.reactionMs() + 200;
    truth.reactions.set(p.seat, r);
    const clock = () => now() + p.clockOffset;
    const shownAt = clock() + plan.rnd() * 16;
    const pressAt = shownAt - p.clockOffset + r;
    // When its call should be on the wire at the latest (a call still unsent after that is stalled).
    truth.due.set(p.seat, pressAt + p.up.baseMs + p.up.jitterMs);
    setTimeout(
      () => {
        const pressedAt = shownAt + r - (p.cheater ? LIE.pressEarlierMs : 0);
        stall += Math.max(0, now() - pressAt);
        p.up.send(() => {
          if (p.leaving) return;
          stall += p.up.lateMs;
          truth.due.delete(p.seat);
          sink.trend("call_client_stall_ms", stall);
          truth.stallMs = Math.max(truth.stallMs, stall);
          p.room.send("action", { type: "call", shade: "dark", shownAt: shownAt + (p.cheater ? LIE.showLaterMs : 0), pressedAt });
          p.callDue = false;
          maybeAct(p);
        });
        sink.count("actions");
      },
      Math.max(0, shownAt - clock() + r),
    );
  };
  const onCallRace = (m: { round: number; presses: { seat: number; reactionMs: number; timing?: string }[] }) => {
    const truth = calls.get(m.round);
    // The first judged batch of the deal decides the Joker (later, slower calls are refused
    // joker-taken); scored once every player has seen the deal and drawn its reaction time.
    if (!truth || truth.scored || truth.reactions.size !== plan.seats) return;
    truth.scored = true;
    sink.count("call_races");
    if (plan.leaveAfterCallRace) finish();
    // A load generator starved of CPU sends its calls late, as a stalled phone would: the server
    // cannot wait for those, so with `maxClientStallMs` such races are counted apart, not scored.
    // A call not yet sent although due: its player's process is stalled right now.
    const pending = Math.max(0, ...[...truth.due.values()].map((due) => now() - due));
    if (Math.max(truth.stallMs, pending) > (plan.maxClientStallMs ?? Infinity)) {
      sink.count("call_races_client_stalled");
      return;
    }
    sink.count("call_races_scored");
    const cheaterSeats = new Set(players.filter((x) => x.cheater).map((x) => x.seat));
    const order = m.presses.map((x) => x.seat);
    scoreHonest(m.presses, truth.reactions, cheaterSeats, sink, "call");
    if (plan.debug && cheaterSeats.size > 0)
      console.log(
        `mixed call race: cheaters ${JSON.stringify([...cheaterSeats])} truth ${JSON.stringify([...truth.reactions.entries()].sort((a, b) => a[1] - b[1]))} judged ${JSON.stringify(m.presses)} paths ${JSON.stringify(players.map((x) => [x.seat, Math.round(x.up.baseMs), Math.round(x.down.baseMs)]))}`,
      );
    for (const x of m.presses) if (!cheaterSeats.has(x.seat)) sink.rate("call_claim_accepted", x.timing === "claim");
    if (cheaterSeats.size > 0) return;
    const byTruth = [...truth.reactions.entries()].sort((a, b) => a[1] - b[1]);
    sink.rate("call_fastest_wins", order[0] === byTruth[0]![0]);
    if (plan.debug && order[0] !== byTruth[0]![0])
      console.log(
        `call race wrong (client stall ${Math.round(truth.stallMs)} ms): truth ${JSON.stringify(byTruth)} judged ${JSON.stringify(m.presses)} paths ${JSON.stringify(players.map((x) => [x.seat, Math.round(x.up.baseMs), Math.round(x.down.baseMs)]))}`,
      );
  };

  // In the call race the calls are the race logic's (onDeal), never a random pick.
  const playable = (legal: readonly LegalAction[]) => (plan.callRace ? legal.filter((a) => a.type !== "call") : legal);

  const maybeAct = (p: Player) => {
    const v = p.view;
    if (plan.callRace) {
      // The call window closes with one's first turn: a player who means to call does so before playing it.
      const legal = v.legal.some((a) => a.type === "call");
      if (legal && !p.callLegal) p.callDue = true;
      p.callLegal = legal;
      if (!legal) p.callDue = false;
      if (p.callDue) return;
    }
    if (v.status !== "playing" || p.leaving || p.scheduledFor === v.version) return;
    if (chooseAction(plan.game, playable(v.legal), plan.rnd, plan.prefer) === null) return;
    p.scheduledFor = v.version;
    const version = v.version;
    setTimeout(() => {
      const cur = p.view;
      if (cur.version !== version || p.leaving || finished) return;
      if (p.callDue) {
        p.scheduledFor = -1;
        return;
      }
      const action = chooseAction(plan.game, playable(cur.legal), plan.rnd, plan.prefer);
      if (!action) return;
      // Latency is measured on exclusive turns only, when no other seat can move the state.
      if (pending && now() - pending.sentAt > 10_000) pending = null;
      const exclusive = !pending && cur.awaiting.length === 1 && cur.awaiting[0] === p.seat;
      act(p, action, () => {
        // From the moment the action leaves (after any injected delay) to each client's patch.
        if (exclusive && !pending && p.view.version === version) pending = { actor: p.index, version, sentAt: now(), seen: new Set() };
      });
    }, plan.thinkMs());
  };

  const onState = (p: Player) => {
    p.view = readView(p.room.state);
    if (p.seat < 0 && p.view.mySeat >= 0) p.seat = p.view.mySeat;
    const v = p.view.version;
    if (v > p.lastVersion) {
      if (pending && v > pending.version && !pending.seen.has(p.index)) {
        pending.seen.add(p.index);
        sink.trend(p.index === pending.actor ? "own_patch_ms" : "others_patch_ms", now() - pending.sentAt);
        if (pending.seen.size >= players.length) pending = null;
      }
      p.lastVersion = v;
      if (startVersion < 0 && p.view.status === "playing") startVersion = v;
      if (v > maxVersion) {
        maxVersion = v;
        lastProgress = now();
      }
    }
    if (p.view.status === "ended") {
      if (!finished) sink.count("tables_finished");
      finish();
      return;
    }
    maybeAct(p);
  };

  /** The seated players, as the race draws need them. */
  const seated = () => players.filter((x) => x.seat >= 0).map((x) => ({ seat: x.seat, cheater: x.cheater }));

  /** Wires a player's connection (its first, or a fresh one to its seat); messages on a connection it has left are ignored. */
  const attach = (p: Player, room: Room): void => {
    const live = () => p.room === room;
    // The network stack's part (transport pings), which no page, a liar's included, controls.
    if (plan.simulateLink !== false) room.send("simulateLink", { rttMs: p.up.baseMs + p.down.baseMs, jitterMs: p.up.jitterMs });
    room.onMessage("*", () => undefined);
    room.onMessage("ping", (m: { s: number }) =>
      p.down.send(() => {
        const c = now() + p.clockOffset;
        const answer = () =>
          p.up.send(() => {
            if (!p.leaving && live()) room.send("pong", { s: m.s, c });
          });
        // The lying policy holds every other pong back, to look farther away than it is.
        if (p.cheater && plan.rnd() < 0.5) setTimeout(answer, LIE.pongHoldMs);
        else answer();
      }),
    );
    if (plan.shuffle)
      room.onMessage("shuffle", () =>
        p.down.send(() =>
          p.up.send(() => {
            if (!p.leaving && live())
              room.send("shuffle", { value: Array.from({ length: 32 }, () => Math.floor(plan.rnd() * 16).toString(16)).join("") });
          }),
        ),
      );
    room.onMessage("callRace", (m: { round: number; presses: { seat: number; reactionMs: number; timing?: string }[] }) => {
      if (live()) onCallRace(m);
    });
    room.onMessage("rejected", () => sink.count("rejected"));
    room.onMessage("events", (m: { events: { type: string; race?: number; cause?: number; result?: never }[] }) => {
      if (!live()) return;
      for (const e of m.events)
        if (e.type === "raceClosed") {
          const id = (e.result as unknown as { id: number }).id;
          const truth = races.get(id);
          if (truth && truth.closedAt === 0) truth.closedAt = now();
        }
      p.down.send(() => {
        for (const e of m.events) {
          if (e.type === "raceOpened" && p.seat >= 0) onRaceOpened(p, e as { race: number; cause: number });
          if (e.type === "raceClosed") onRaceClosed(e.result as never);
          if (e.type === "handDealt" && plan.callRace && p.seat >= 0) onDeal(p, (e as { round?: number }).round ?? 0);
        }
      });
    });
    room.onStateChange(() => {
      if (live()) onState(p);
    });
    room.onLeave((code: number) => {
      // The connection it left for a fresh one (the server closes it: opened elsewhere).
      if (!live() || p.rejoining) return;
      if (!p.leaving) {
        sink.count("disconnects");
        console.warn(`disconnected: table ${p.room.roomId} seat ${p.seat} code ${code}`);
        finish();
      }
    });
  };

  /** The lying policy's rejoin: a fresh connection with its playerId takes its seat over (the old one is closed). */
  const rejoin = async (p: Player): Promise<void> => {
    if (p.rejoining || p.leaving || finished) return;
    p.rejoining = true;
    const room = await join(p.index, (c) => c.joinById(p.room.roomId, { name: `Load ${p.index + 1}`, playerId: p.playerId }));
    if (room && !p.leaving && !finished) {
      p.room = room;
      attach(p, room);
      sink.count("rejoins");
      // A turn it had scheduled on the old connection is scheduled again on this one.
      p.scheduledFor = -1;
      if (room.state) onState(p);
    } else if (room) void room.leave().catch(() => undefined);
    p.rejoining = false;
  };

  const newPlayerId = () => `load-${Array.from({ length: 16 }, () => Math.floor(plan.rnd() * 16).toString(16)).join("")}`;

  const addPlayer = (room: Room, playerId: string): void => {
    const index = players.length;
    const path = plan.path(index);
    const p: Player = {
      index,
      room,
      seat: -1,
      view: readView(undefined),
      lastVersion: -1,
      scheduledFor: -1,
      up: new DelayedPath(path.upMs, path.jitterMs, plan.rnd),
      down: new DelayedPath(path.downMs, path.jitterMs, plan.rnd),
      clockOffset: (plan.rnd() - 0.5) * 20_000,
      leaving: false,
      rejoining: false,
      playerId,
      cheater: plan.cheaters?.has(index) ?? false,
      callDue: false,
      callLegal: false,
    };
    players.push(p);
    attach(p, room);
    chat?.add(
      index,
      room,
      () => p.seat,
      (fn) =>
        p.up.send(() => {
          if (!p.leaving) fn();
        }),
    );
    if (room.state) onState(p);
  };

  // Each player listens from the moment its join resolves (the deal follows the last join at once).
  const options = {
    name: "Load",
    seats: plan.seats,
    bots: plan.seats - plan.humans,
    turnSeconds: plan.turnSeconds,
    variants: plan.variants,
    private: true,
    ...(plan.shuffle ? { shuffle: true } : {}),
  };
  const hostId = newPlayerId();
  const host = await join(0, (c) => c.create(plan.game, { ...options, name: "Load 1", playerId: hostId }));
  if (!host) {
    chat?.stop();
    return;
  }
  addPlayer(host, hostId);
  await Promise.all(
    Array.from({ length: plan.humans - 1 }, async (_, k) => {
      const playerId = newPlayerId();
      const room = await join(k + 1, (c) =>
        c.joinById(host.roomId, { name: `Load ${k + 2}`, playerId, ...(plan.shuffle ? { shuffle: true } : {}) }),
      );
      if (room) addPlayer(room, playerId);
    }),
  );
  chat?.ready();

  const tableSeconds = plan.turnSeconds;
  const watchdog = setInterval(() => {
    if (finished) return;
    if (now() >= plan.stopAt) return finish();
    const status = players[0]?.view.status;
    // Every decision has a deadline: no progress for a whole turn plus slack means a stuck table.
    if (status === "playing" && now() - lastProgress > tableSeconds * 1000 + 10_000) {
      sink.count("stuck_tables");
      finish();
    }
  }, 500);
  await done;
  clearInterval(watchdog);
  chat?.stop();
  const steps = maxVersion - Math.max(0, startVersion);
  // Counted by the k6 WebSocket shim; a client without it reports nothing.
  if (steps > 0) for (const p of players) if (bytesOf(p.room) > 0) sink.trend("bytes_per_step_client", bytesOf(p.room) / steps);
  sink.count("tables");
  for (const p of players) p.leaving = true;
  await Promise.all(players.map((p) => p.room.leave().catch(() => undefined)));
  await wait(0);
}
