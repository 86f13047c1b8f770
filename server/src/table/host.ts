/**
 * What a table offers the code it hosts: game plugins, the bot driver and the message handlers
 * talk to the room through this narrow interface (ARCHITECTURE.md, "Host interface"), so none of
 * them imports `TableRoom` and the room stays the one place that wires them together.
 */
import type { Client } from "@colyseus/core";
import type { AnyGame, Rejection } from "@scat/shared";
import type { ServerConfig } from "../config.ts";
import type { FairPlayFlag } from "../conduct/fair-play.ts";
import type { NetMonitor } from "../realtime/net-monitor.ts";
import type { HeldPressRecord } from "../realtime/held-race.ts";
import type { Match } from "./match.ts";
import type { Seating, Slot } from "./seating.ts";

export interface Timer {
  clear(): void;
}

export interface TableHost {
  readonly roomId: string;
  readonly config: ServerConfig;
  readonly game: AnyGame;
  /** The game in progress, null while the table waits. */
  readonly match: Match | null;
  readonly seating: Seating;
  readonly net: NetMonitor;
  /** The table's conduct: race reaction times feed its fair-play profile (conduct/fair-play.ts). */
  readonly conduct: {
    reacted(seat: number, reactionMs: number, withheldMs?: number): FairPlayFlag[];
    evidence(seat: number, flag: FairPlayFlag): Record<string, unknown> | null;
    accountAt(seat: number): string | null;
  };
  /** A race holds a press (realtime/held-race.ts): it is journalled, so a crash before its release does not lose it. */
  journalHeld(press: HeldPressRecord): void;
  /** A seat raised a fair-play flag: it is stored for operators with the account at the seat (fair-play/store.ts). */
  fairPlayFlag(seat: number, flag: FairPlayFlag, evidence: Record<string, unknown>): void;
  /** The room's clock: timers are cleared with the room. */
  readonly clock: { setTimeout(fn: () => void, ms: number): Timer };
  /**
   * Runs a seat's action; the rejection to send back, or null. `id`: the sender's action id,
   * echoed to that sender in the step's `events` (docs/PROTOCOL.md, "Acknowledgement").
   */
  act(slot: Slot, action: { type: string }, client?: Client | null, raw?: unknown, id?: number | null): Rejection | null;
  /** A seated player's share of the deal seed (docs/FAIRNESS.md, "Players' entropy"); the rejection, or null. */
  shuffle(slot: Slot, payload: unknown): Rejection | null;
  /** A seated player asked to fill the empty seats with bots and start. */
  fillAndStart(): void;
  /** A seated player turned the countdown to filling with bots on or off. */
  setAutoFill(on: boolean): void;
  /** Sends a message to every client at the table (players and spectators). */
  broadcast(type: string, message: unknown): void;
  /** Shows a seat's measured round trip. */
  showPing(seat: number, rttMs: number): void;
  /** Runs the room's clock every `ms` for finer timers (a real-time race), or stops that (null). */
  tickEvery(ms: number | null): void;
  /** Logs and counts an exception that ended one message, timer or hook; a message's sender is told. */
  contain(error: unknown, method: string, client?: Client): unknown;
}
