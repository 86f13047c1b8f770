/**
 * What Dark Hearts' bots remember of the tricks (before it, the strong bot dealt others' hidden
 * cards with no regard to what their play had shown). A seat that does not follow the led suit
 * holds no card of it: from then on, until the hand ends, it is void in that suit *in that shade*
 * (a card's face in the trick's shade is what follows; docs/rules/dark-hearts.md, "Tricks"). Hands only
 * shrink during play (the pass is over before the first trick), so a void lasts the hand.
 *
 * Read from what every player sees (the trick on the table and the last one taken), so one memory
 * serves every bot seat and tells none of them anything a human at the table could not know. Fed
 * every state like `DrawPileMemory` (memory.ts); a state seen twice changes nothing; a new hand or
 * a new game clears it. A step it did not see loses at most that trick's voids (the last trick
 * taken is read again at the next state), and a table resumed from its journal starts empty.
 */
import type { Seat } from "../engine.ts";
import { face, type Shade } from "../dark-deck.ts";
import { suitOf } from "../games/dark-hearts/cards.ts";

/** A suit in a shade ("dark:H": no card whose Dark face is a Heart). */
export interface Void {
  readonly shade: Shade;
  readonly suit: string;
}

/** The state fields read: all public. */
interface TrickView {
  readonly version: number;
  readonly round: number;
  readonly tricksPlayed: number;
  readonly trick: TrickSeen | null;
  readonly lastTrick: (TrickSeen & { readonly number: number }) | null;
}

interface TrickSeen {
  readonly shade: Shade;
  readonly suit: string;
  readonly plays: readonly { readonly seat: number; readonly card: string }[];
}

/**
 * A table memory (memory.ts `TableMemory`) for the trick games; memory.ts hands it out as one, which
 * checks the shape there, so this file need not import memory.ts (which imports this one).
 */
export class TrickMemory {
  private round = -1;
  private version = -1;
  /** Seat -> "shade:suit" keys it is void in this hand. */
  private readonly seen = new Map<Seat, Map<string, Void>>();

  observe(state: unknown): void {
    const s = state as TrickView;
    if (s.version === this.version) return;
    if (s.version < this.version || s.round !== this.round) {
      this.round = s.round;
      this.seen.clear();
    }
    this.version = s.version;
    if (s.trick) this.read(s.trick);
    // The last trick taken this hand (at a new hand's deal it is reset to null).
    if (s.lastTrick && s.lastTrick.number === s.tricksPlayed) this.read(s.lastTrick);
  }

  private read(trick: TrickSeen): void {
    for (const play of trick.plays.slice(1)) {
      if (suitOf(face(play.card, trick.shade)) === trick.suit) continue;
      const seat = this.seen.get(play.seat) ?? new Map<string, Void>();
      seat.set(`${trick.shade}:${trick.suit}`, { shade: trick.shade, suit: trick.suit });
      this.seen.set(play.seat, seat);
    }
  }

  /** The suits (each in a shade) `seat` has shown it holds none of, this hand. */
  voids(seat: Seat): readonly Void[] {
    return [...(this.seen.get(seat)?.values() ?? [])];
  }

  held(): readonly string[] {
    return [];
  }

  turns(): readonly [] {
    return [];
  }
}

/** Whether `card` is of a suit `voids` says its holder has none of. */
export function breaksVoid(card: string, voids: readonly Void[]): boolean {
  return voids.some((v) => suitOf(face(card, v.shade)) === v.suit);
}
