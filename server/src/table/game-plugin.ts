/**
 * What a game may add to the generic room on the server: real-time adjudication (Hit the Deck's
 * slap race) and bot timing. The rules stay in the engine; a plugin only turns network facts
 * (arrival times, client claims, measured delays) into the inputs the engine expects.
 */
import type { BotStrength } from "@scat/shared";
import type { Client } from "@colyseus/core";
import type { GameEvent, Rejection, Rng } from "@scat/shared";
import type { Slot } from "./seating.ts";
import type { TableHost } from "./host.ts";
import type { HeldPressRecord } from "../realtime/held-race.ts";

export interface GamePlugin {
  /** Once, when the room is created (e.g. a finer clock timestep). */
  setup?(room: TableHost): void;
  /**
   * Turns a seat's shape-checked action (and its raw payload) into the engine's action; or
   * `HELD`: the plugin keeps it and applies it later through `room.act` (a race judged by
   * reaction time, realtime/held-race.ts).
   */
  prepareAction?(
    room: TableHost,
    client: Client | null,
    slot: Slot,
    action: { type: string },
    raw: unknown,
    id: number | null,
  ): { type: string } | Rejection | typeof HELD;
  /** What the plugin holds now, as the journal keeps it (durable/journal.ts, `JournalHeld`). */
  heldPresses?(room: TableHost): readonly HeldPressRecord[];
  /** A table resumed from its journal: the presses held when its process died, to judge now. */
  resumeHeld?(room: TableHost, presses: readonly HeldPressRecord[]): void;
  /** Before any other step is applied (an action, a deadline): apply what the plugin holds first. */
  beforeStep?(room: TableHost): void;
  /** After every accepted step, with its events (already sent). */
  afterStep?(room: TableHost, events: readonly GameEvent[]): void;
  /** Extra ms to wait past the engine's deadline before applying it (slaps still in flight). */
  deadlineGrace?(room: TableHost): number;
  /**
   * The bot's move and when to make it (ms from now): undefined leaves it to the room (the
   * engine's `bot` after the usual pause); null means the bot does nothing now.
   */
  botPlan?(
    room: TableHost,
    seat: number,
    rng: Rng,
    strength: BotStrength,
  ): { action: { type: string }; delayMs: number } | null | undefined;
}

/** `prepareAction`'s answer for an action the plugin holds (no reply now; it is applied or refused later). */
export const HELD = Symbol("held");

export function isRejection(value: { type: string } | Rejection): value is Rejection {
  return !("type" in value) && "code" in value;
}
