/**
 * Dark Hand on the server: the call race at the deal (shared/src/games/dark-hand/README.md,
 * "Call window"). A "Dark Hand!"/"Light Hand!" call is judged by reaction time from the moment
 * each client showed its hand, not by arrival: the client sends `{type: "call", shade, shownAt,
 * pressedAt}` (its own clock), the claim is checked against the server's estimates of that
 * client's delay and clock exactly as a slap is (realtime/race.ts, `RaceCollector.press`), and
 * the call is held by a `HeldRace` for the calls still in flight that could be faster. Then the
 * held calls go to the engine fastest first: the first gets the Joker, a later one for the same
 * Joker gets the engine's `joker-taken`. Every table then gets `callRace` (`CALL_RACE`): each
 * caller's reaction time, how it was found, and whether that changed the order against arrival.
 *
 * The deal's reveal time is when the deal's events went out; a table resumed from its journal
 * takes the server time of the step that dealt the hand (durable/restore.ts keeps the steps).
 * Each held call is journalled as it is held (`room.journalHeld`): a table resumed after its
 * process died while calls were held judges them at once, as they were judged on arrival.
 * Bots call at a human-like time after the deal (seeded per hand and seat), judged by arrival.
 */
import type { Client } from "@colyseus/core";
import { createRng, RecordedMatch, SERVER_MESSAGES, type GameEvent } from "@scat/shared";
import { reactionMs } from "@scat/shared/bots/reaction.ts";
import { callWanted } from "@scat/shared/games/dark-hand/index.ts";
import type { HandState } from "@scat/shared/games/dark-hand/state.ts";
import type { SlapClaim } from "../realtime/adjudicate.ts";
import { HeldRace, type HeldPress, type RaceReport } from "../realtime/held-race.ts";
import { serverNow } from "../realtime/net-monitor.ts";
import { observePress } from "../realtime/observe.ts";
import { HELD, type GamePlugin } from "../table/game-plugin.ts";
import type { TableHost } from "../table/host.ts";
import type { Slot } from "../table/seating.ts";

/** The message every client at the table gets when a batch of calls was judged: `CallRaceMessage`. */
export const CALL_RACE = SERVER_MESSAGES.callRace;

export interface CallRaceMessage extends RaceReport {
  readonly round: number;
  /** Each press's shade, by seat (the report's `presses` are fastest first). */
  readonly shades: Record<number, string>;
}

interface CallPayload {
  readonly slot: Slot;
  readonly action: { type: string; shade?: string };
  readonly client: Client | null;
  readonly raw: unknown;
  readonly id: number | null;
}

interface CallWatch {
  readonly round: number;
  readonly race: HeldRace<CallPayload>;
}

/** By match: a table resumed from its journal has a new one, whose deal time comes from the journal. */
const watches = new WeakMap<object, CallWatch>();
/** Set while held calls are being applied: `prepareAction` lets them through. */
let releasing = false;

const stateOf = (room: TableHost) => room.match!.state as unknown as HandState;

function claimOf(raw: unknown): SlapClaim | null {
  const r = raw as { shownAt?: unknown; pressedAt?: unknown } | null;
  return r && typeof r.shownAt === "number" && typeof r.pressedAt === "number" && Number.isFinite(r.shownAt) && Number.isFinite(r.pressedAt)
    ? { shownAt: r.shownAt, pressedAt: r.pressedAt }
    : null;
}

/** When the current hand was dealt, from the journal's steps (a resumed table): the step that made `round` current. */
function dealtAtFromLog(room: TableHost): number {
  const match = room.match!;
  const round = stateOf(room).round;
  const replay = new RecordedMatch(match.game, match.options, match.startedAt, match.seed);
  let at = match.startedAt;
  for (const step of match.log) {
    const before = (replay.state as unknown as HandState).round;
    if (step.seat === null) replay.expire(step.now);
    else replay.act(step.seat, step.action, step.now);
    const now = (replay.state as unknown as HandState).round;
    if (now !== before && now === round) at = step.now;
  }
  return at;
}

function release(room: TableHost, round: number, ordered: readonly HeldPress<CallPayload>[], report: RaceReport): void {
  releasing = true;
  try {
    for (const { payload: p } of ordered) {
      if (room.match === null) return;
      const rejection = room.act(p.slot, p.action, p.client, p.raw, p.id);
      if (rejection && p.client) p.client.send(SERVER_MESSAGES.rejected, { code: rejection.code, message: rejection.message });
    }
  } finally {
    releasing = false;
  }
  const shades: Record<number, string> = {};
  for (const { slap, payload } of ordered) shades[slap.seat] = String(payload.action.shade);
  const message: CallRaceMessage = { round, shades, ...report };
  room.broadcast(CALL_RACE, message);
}

function watchFor(room: TableHost, events: readonly GameEvent[]): CallWatch | null {
  const s = stateOf(room);
  if (!s.rules.dark || room.match!.over) return null;
  const current = watches.get(room.match!);
  if (current && current.round === s.round) return current;
  current?.race.flush();
  const dealt = events.some((e) => e.type === "handDealt");
  const revealAt = dealt ? serverNow() : dealtAtFromLog(room);
  const round = s.round;
  const race = new HeldRace<CallPayload>(
    revealAt,
    (fn, ms) => room.clock.setTimeout(fn, ms),
    (ordered, report) => release(room, round, ordered, report),
  );
  // Each player's stream is probed while the calls may come: a call TCP had to retransmit is told from a lie (realtime/stream-probe.ts).
  if (dealt) room.net.probe(humanSessions(room));
  const watch = { round, race };
  watches.set(room.match!, watch);
  return watch;
}

function humanSessions(room: TableHost): string[] {
  return room.seating.slots.filter((slot) => !slot.isBot && slot.sessionId).map((slot) => slot.sessionId!);
}

/** Humans who could still call in this hand (a legal call now) and have not: the race waits for their calls in flight. */
function stillCalling(room: TableHost, watch: CallWatch, except: number): ReturnType<TableHost["net"]["of"]>[] {
  const match = room.match!;
  return room.seating.slots
    .filter(
      (slot) =>
        slot.index !== except &&
        !slot.isBot &&
        slot.sessionId &&
        !watch.race.heldSeat(slot.index) &&
        match.legal(slot.index).some((a) => (a as { type: string }).type === "call"),
    )
    .map((slot) => room.net.of(slot.sessionId!));
}

export const darkHandPlugin: GamePlugin = {
  afterStep(room, events) {
    if (room.match) watchFor(room, events);
  },

  prepareAction(room, client, slot, action, raw, id) {
    if (action.type !== "call" || releasing || !room.match) return action;
    const watch = watchFor(room, []);
    // Not callable now: the engine refuses it with its own reason.
    if (!watch || !room.match.legal(slot.index).some((a) => (a as { type: string }).type === "call")) return action;
    if (watch.race.heldSeat(slot.index))
      return { code: "already-called", message: "Your call is already in: the call race is being judged" };
    const arrivedAt = serverNow();
    const net = client ? room.net.of(client.sessionId) : null;
    const press = watch.race.hold(
      slot.index,
      client ? claimOf(raw) : null,
      arrivedAt,
      net,
      { slot, action, client, raw, id },
      stillCalling(room, watch, slot.index),
    );
    // Journalled as held: a process dying before the race closes does not lose the call.
    room.journalHeld(watch.race.recordOf(press, action));
    if (client) observePress(room, slot.index, press, "call");
    return HELD;
  },

  heldPresses(room) {
    const watch = room.match ? watches.get(room.match) : undefined;
    return watch ? watch.race.records((p) => p.action) : [];
  },

  resumeHeld(room, presses) {
    const watch = room.match ? watchFor(room, []) : null;
    if (!watch) return;
    for (const press of presses) {
      const slot = room.seating.slots[press.seat];
      if (!slot || watch.race.heldSeat(press.seat) || !room.match!.legal(press.seat).some((a) => (a as { type: string }).type === "call"))
        continue;
      // As it was judged when it arrived (its connection's estimates died with the process).
      watch.race.restore(press, { slot, action: press.action, client: null, raw: press.action, id: null });
    }
    // Nothing is in flight to the new process: the held calls are judged at once.
    if (watch.race.pending > 0) room.clock.setTimeout(() => watch.race.flush(), 0);
  },

  beforeStep(room) {
    if (room.match) watches.get(room.match)?.race.flush();
  },

  botPlan(room, seat, _rng, strength) {
    const s = stateOf(room);
    const watch = s.rules.dark ? watches.get(room.match!) : undefined;
    // On turn, or outside a hand: the engine's bot after the usual pause.
    if (!watch || watch.round !== s.round || s.turn === seat || s.phase !== "turn") return undefined;
    // Its call is in and held while the race is judged: nothing more to do until it is applied.
    // (Any seat change, a player leaving, plans every bot again; sent twice, the call was refused
    // `already-called` and the driver took it for an illegal move.)
    if (watch.race.heldSeat(seat)) return null;
    const shade = callWanted(s, seat);
    if (shade === null) return null;
    const rng = createRng(`${room.match!.seed}:call:${s.round}:${seat}`);
    // How long after the deal, by the table's bot strength (the call race's reaction times).
    const after = reactionMs(rng, "call", strength);
    return { action: { type: "call", shade }, delayMs: watch.race.revealAt + after - serverNow() };
  },
};
