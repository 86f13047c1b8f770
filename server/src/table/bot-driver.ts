/**
 * Plays the seats bots hold: after every step, each bot seat with something it may do (the
 * awaited seats, and in real-time games any seat with a legal call or slap) gets one chance to
 * move after a human-like pause; the bot may pass (null). A move is dropped if the game moved on
 * meanwhile (the version changed). The table's bot strength (shared/src/bots/) picks the policy;
 * the bots get the state through `botMove`, whose strong search sees only the seat's knowledge.
 */
import { createRng, type BotStrength, type GameId } from "@scat/shared";
import { botMove, createTableMemory, liveBudget, type TableMemory } from "@scat/shared/bots/index.ts";
import type { GamePlugin } from "./game-plugin.ts";
import type { TableHost, Timer } from "./host.ts";
import type { Match } from "./match.ts";

/** The strong search's budget at a live table: the server's clock, capped at LIVE_MAX_MS (40 ms) a move. */
const LIVE_BUDGET = liveBudget(() => performance.now());

export class BotDriver {
  private pending = new Map<number, Timer>();
  /**
   * What the table's bots remember of public play the state does not keep (Skit Scat's pickups
   * from the discard pile), one per match, fed every state `schedule` sees (it runs after each
   * step). A resumed table starts with an empty one (shared/src/bots/memory.ts).
   */
  private memory: { match: Match; memory: TableMemory | null } | null = null;

  constructor(
    private readonly room: TableHost,
    private readonly plugin: GamePlugin | null,
    private readonly strength: BotStrength = "normal",
  ) {}

  schedule(): void {
    const match = this.room.match;
    if (!match || match.over) return;
    const version = match.state.version;
    if (this.memory?.match !== match) this.memory = { match, memory: createTableMemory(match.game.id) };
    this.memory.memory?.observe(match.state);
    for (const slot of this.room.seating.slots) {
      if (!slot.isBot || match.legal(slot.index).length === 0) continue;
      const seat = slot.index;
      const rng = createRng(`${match.seed}:bot:${version}:${seat}`);
      this.pending.get(seat)?.clear();
      const plan = this.plugin?.botPlan?.(this.room, seat, rng, this.strength);
      const action =
        plan === undefined
          ? botMove(match.game.id as GameId, match.state, seat, rng, this.strength, LIVE_BUDGET, this.memory.memory)
          : (plan?.action ?? null);
      if (action === null) continue;
      const delay = plan ? Math.max(0, plan.delayMs) : this.pause(rng.next());
      this.pending.set(
        seat,
        this.room.clock.setTimeout(() => this.play(seat, version, action), delay),
      );
    }
  }

  private pause(r: number): number {
    const [lo, hi] = this.room.config.botDelayMs;
    return lo + Math.floor(r * (hi - lo + 1));
  }

  private play(seat: number, version: number, action: { type: string }): void {
    this.pending.delete(seat);
    const match = this.room.match;
    const slot = this.room.seating.slots[seat];
    if (!match || match.state.version !== version || !slot?.isBot) return;
    const rejection = this.room.act(slot, action);
    // A deadline that passed just before the move applies first (the room's act does that); the
    // move was planned for the old step, and the new step has scheduled the bots again.
    if (rejection && this.room.match?.state.version !== version) return;
    // The table is saving (its journal write is unanswered): the bots move again when it goes on.
    if (rejection?.code === "saving") return;
    if (rejection) throw new Error(`bot at seat ${seat} chose an illegal action: ${JSON.stringify(rejection)}`);
  }
}
