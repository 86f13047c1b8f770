/**
 * Plays the seats bots hold: after every step, each bot seat with something it may do (the
 * awaited seats, and in real-time games any seat with a legal call or slap) gets one chance to
 * move after a human-like pause; the bot may pass (null). A move is dropped if the game moved on
 * meanwhile (the version changed).
 */
import { createRng } from "@scat/shared";
import type { TableRoom } from "./table-room.ts";

export class BotDriver {
  private pending = new Map<number, { clear(): void }>();

  constructor(private readonly room: TableRoom) {}

  schedule(): void {
    const match = this.room.match;
    if (!match || match.over) return;
    const version = match.state.version;
    const seats = this.room.seating.slots.filter((s) => s.isBot).map((s) => s.index);
    for (const seat of seats) {
      if (match.legal(seat).length === 0) continue;
      this.pending.get(seat)?.clear();
      const [lo, hi] = this.room.config.botDelayMs;
      const delay = lo + Math.floor(Math.random() * (hi - lo + 1));
      this.pending.set(seat, this.room.clock.setTimeout(() => this.play(seat, version), delay));
    }
  }

  private play(seat: number, version: number): void {
    this.pending.delete(seat);
    const match = this.room.match;
    const slot = this.room.seating.slots[seat];
    if (!match || match.state.version !== version || !slot?.isBot) return;
    const rng = createRng(`${match.seed}:bot:${version}:${seat}`);
    const action = match.game.bot(match.state, seat, rng);
    if (action === null) return;
    const rejection = this.room.act(slot, action);
    if (rejection) throw new Error(`bot at seat ${seat} chose an illegal action: ${JSON.stringify(rejection)}`);
  }
}
