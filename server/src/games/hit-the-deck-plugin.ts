/**
 * Hit the Deck on the server: the fair slap race (ARCHITECTURE.md "The room"). The reveal goes
 * out as an immediate `events` message; while a race is open the room's clock ticks every 10 ms
 * so its deadlines fire on time (idle tables run no such timer); each slap's reaction time is adjudicated from the client's claim checked against the
 * server's arrival time and the client's measured delay (realtime/adjudicate.ts); the deadline
 * waits a short collection window for slaps still in flight. Bots slap and call at human-like
 * times drawn once per race.
 */
import { createRng, type GameEvent } from "@scat/shared";
import {
  botFakeOutMs,
  botRacePlan,
  withReactionMs,
  type HitTheDeckEvent,
  type HitTheDeckState,
} from "@scat/shared/games/hit-the-deck/index.ts";
import { serverNow } from "../realtime/net-monitor.ts";
import { observePress } from "../realtime/observe.ts";
import { RaceCollector } from "../realtime/race.ts";
import type { GamePlugin } from "../table/game-plugin.ts";
import type { TableHost } from "../table/host.ts";

/** Counts of adjudicated slaps (also exported as Prometheus counters). */
export const slapMetrics = { adjudicated: 0, claimsAccepted: 0, underHumanFloor: 0 };

/** The room clock's resolution while a race is open (it otherwise ticks with the 50 ms patches). */
const RACE_TICK_MS = 10;

interface RaceWatch {
  id: number;
  collector: RaceCollector;
}
const races = new WeakMap<TableHost, RaceWatch>();

const stateOf = (room: TableHost) => room.match!.state as unknown as HitTheDeckState;

function claimOf(raw: unknown): { shownAt: number; pressedAt: number } | null {
  const r = raw as { shownAt?: unknown; pressedAt?: unknown } | null;
  return r && typeof r.shownAt === "number" && typeof r.pressedAt === "number" && Number.isFinite(r.shownAt) && Number.isFinite(r.pressedAt)
    ? { shownAt: r.shownAt, pressedAt: r.pressedAt }
    : null;
}

function scheduleFakeOuts(room: TableHost, events: readonly GameEvent[]): void {
  const match = room.match!;
  for (const slot of room.seating.slots) {
    if (!slot.isBot) continue;
    const rng = createRng(`${match.seed}:fake:${match.state.version}:${slot.index}`);
    const ms = botFakeOutMs(events as HitTheDeckEvent[], slot.index, rng);
    if (ms === null) continue;
    const version = match.state.version;
    room.clock.setTimeout(() => {
      if (room.match?.state.version === version && slot.isBot && stateOf(room).race === null) room.act(slot, { type: "slap" });
    }, ms);
  }
}

export const hitTheDeckPlugin: GamePlugin = {
  afterStep(room, events) {
    room.tickEvery(stateOf(room).race === null ? null : RACE_TICK_MS);
    const opened = events.find((e) => e.type === "raceOpened") as Extract<HitTheDeckEvent, { type: "raceOpened" }> | undefined;
    if (opened) {
      races.set(room, { id: opened.race, collector: new RaceCollector(serverNow()) });
      // Each player's stream is probed while the slaps may come: a slap TCP had to retransmit is told from a lie (realtime/stream-probe.ts).
      room.net.probe(room.seating.slots.filter((slot) => !slot.isBot && slot.sessionId).map((slot) => slot.sessionId!));
    }
    scheduleFakeOuts(room, events);
  },

  prepareAction(room, client, slot, action, raw) {
    const race = stateOf(room).race;
    if (action.type !== "slap" || race === null || client === null) return action;
    const watch = races.get(room);
    if (!watch || watch.id !== race.id) return action;
    const slap = watch.collector.slap(slot.index, claimOf(raw), serverNow(), room.net.of(client.sessionId));
    slapMetrics.adjudicated++;
    if (slap.source === "claim") slapMetrics.claimsAccepted++;
    if (slap.suspicious) slapMetrics.underHumanFloor++;
    observePress(room, slot.index, slap, "slap");
    return withReactionMs(Math.round(slap.reactionMs), slap.source === "claim" ? "claim" : "estimate");
  },

  deadlineGrace(room) {
    const s = stateOf(room);
    const watch = races.get(room);
    if (s.race === null || !watch || watch.id !== s.race.id) return 0;
    const waiting = room.seating.slots
      .filter((slot) => !slot.isBot && slot.sessionId && !s.race!.slaps.some((x) => x.seat === slot.index))
      .map((slot) => room.net.of(slot.sessionId!));
    return watch.collector.collectionWindow(waiting);
  },

  botPlan(room, seat, rng, strength) {
    const s = stateOf(room);
    if (s.race === null) return undefined;
    const plan = botRacePlan(s, seat, createRng(`${room.match!.seed}:race:${s.race.id}:${seat}`), strength);
    void rng;
    if (!plan) return null;
    const at = (ms: number | null) => (ms === null ? Infinity : s.race!.openedAt + ms - Date.now());
    const options = [
      { action: { type: "slap" }, delayMs: at(plan.slapAfterMs) },
      { action: { type: "call" }, delayMs: at(plan.callAfterMs) },
    ].filter((o) => Number.isFinite(o.delayMs) && room.match!.legal(seat).some((a) => (a as { type: string }).type === o.action.type));
    options.sort((a, b) => a.delayMs - b.delayMs);
    return options[0] ?? null;
  },
};
