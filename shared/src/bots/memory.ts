/**
 * What a table's bots remember of the play that the game state does not keep.
 *
 * In the draw-pile games a card taken from the discard pile is seen by everyone, and it stays in
 * the taker's hand until that player discards it (or lays it down in a meld): the state only says
 * who holds which cards in secret, so without a memory the strong bot's sampled deals would scatter
 * such a card anywhere. `DrawPileMemory` keeps, per hand, the cards each seat took from the discard
 * pile and still holds. It reads only what every player sees (the card just taken from the discard
 * pile, the pile itself, the melds laid down, the hand number), so one memory serves every bot seat
 * at a table and never tells a bot anything a human at the table could not know.
 *
 * It is fed every state the table passes through (`observe`; the room's bot driver does that after
 * each step, the benchmark after each move). Observing is idempotent: a state seen twice changes
 * nothing. It clears itself when a new hand is dealt (or a new game starts); when steps went by
 * unseen (the version jumped) it forgets the turns it was following, as it cannot read them whole. A table resumed from its journal starts with
 * an empty memory (the bots then know a little less until the next hand; nothing wrong follows: an
 * empty memory is the state-only knowledge the search had before).
 */
import type { Seat } from "../engine.ts";
import { TrickMemory, type Void } from "./trick-memory.ts";

/** Turns of a seat kept (the latest first): as many as the strong bot's heads-up opponent model reads back (skit-scat-strong.ts `HEADS_UP.depth`). */
export const TURNS_KEPT = 6;

/** The state fields the memory reads: all public. */
interface DrawPileView {
  readonly version: number;
  readonly round: number;
  readonly phase: string;
  readonly turn: number;
  readonly step: string | null;
  readonly discard: readonly string[];
  readonly drawnFrom: string | null;
  readonly drawnCard: string | null;
  readonly melds?: readonly { readonly cards: readonly string[] }[];
}

/**
 * One seat's whole turn as everyone saw it: the discard pile when it was to draw, where it
 * drew from, the card it discarded. An opponent model reads the seat's decisions from it.
 */
export interface TurnSeen {
  readonly seat: Seat;
  /** The discard pile at the start of the turn (the top is the last card). */
  readonly pile: readonly string[];
  readonly from: "deck" | "discard";
  readonly discarded: string;
}

export interface TableMemory {
  /** Takes in a state the table reached (every state, in order; repeats are harmless). */
  observe(state: unknown): void;
  /** Cards known (from public play) to be in `seat`'s hand now. */
  held(seat: Seat): readonly string[];
  /** `seat`'s whole turns this hand, the latest first. */
  turns(seat: Seat): readonly TurnSeen[];
  /** The suits `seat` has shown by its play it holds none of (trick games: trick-memory.ts). */
  voids?(seat: Seat): readonly Void[];
}

export class DrawPileMemory implements TableMemory {
  private round = -1;
  /** Card -> the seat that took it from the discard pile this hand and has not let it go. */
  private readonly taken = new Map<string, Seat>();
  /** The turn under way: its seat, the pile at its start, where it drew from (once seen). */
  private open: { seat: Seat; pile: readonly string[]; from: "deck" | "discard" | null } | null = null;
  /** Each seat's whole turns this hand, the latest first (a turn not seen whole ends the list). */
  private readonly seen = new Map<Seat, TurnSeen[]>();
  private version = -1;

  observe(state: unknown): void {
    const s = state as DrawPileView;
    if (s.version === this.version) return;
    // A new game at the table (its versions start again) or a new hand: nothing carries over.
    if (s.version < this.version || s.round !== this.round) {
      this.round = s.round;
      this.taken.clear();
      this.seen.clear();
      this.open = null;
    } else if (s.version !== this.version + 1) {
      // Steps went by unseen: the turns cannot be read whole; read them again from here.
      this.seen.clear();
      this.open = null;
    }
    this.version = s.version;
    if (s.phase === "turn" && s.drawnFrom === "discard" && s.drawnCard !== null && s.turn >= 0) this.taken.set(s.drawnCard, s.turn);
    this.followTurns(s);
    // A card back on the discard pile (anywhere in it) or laid down is no longer in a hand.
    for (const c of s.discard) this.taken.delete(c);
    for (const m of s.melds ?? []) for (const c of m.cards) this.taken.delete(c);
  }

  /**
   * A turn starts at its draw step; it is whole at the next turn's start, whose top discard is the
   * card it discarded (declaring leaves the pile alone; a reshuffle keeps the top).
   */
  private followTurns(s: DrawPileView): void {
    if (s.phase !== "turn") {
      this.open = null;
      return;
    }
    if (s.step === "draw") {
      const top = s.discard.at(-1);
      if (this.open !== null && this.open.seat !== s.turn && top !== undefined) {
        const { seat, pile, from } = this.open;
        // A turn not seen whole (a timeout) breaks the chain: the model reads no turn before it.
        this.seen.set(
          seat,
          from === null ? [] : [{ seat, pile, from, discarded: top }, ...(this.seen.get(seat) ?? [])].slice(0, TURNS_KEPT),
        );
      }
      if (this.open?.seat !== s.turn) this.open = { seat: s.turn, pile: s.discard.slice(), from: null };
    } else if (this.open?.seat === s.turn && this.open.from === null && (s.drawnFrom === "deck" || s.drawnFrom === "discard")) {
      this.open.from = s.drawnFrom;
    }
  }

  turns(seat: Seat): readonly TurnSeen[] {
    return this.seen.get(seat) ?? [];
  }

  held(seat: Seat): string[] {
    return [...this.taken].flatMap(([card, holder]) => (holder === seat ? [card] : [])).sort();
  }
}

/** A fresh memory for a table of `gameId`, or null where the strong bot needs none. */
export function createTableMemory(gameId: string): TableMemory | null {
  if (gameId === "skit_scat") return new DrawPileMemory();
  if (gameId === "dark_hearts") return new TrickMemory();
  return null;
}
