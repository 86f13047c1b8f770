/** Snapshot helpers every game's view uses: legal actions, names, whose turn, seat tags. */
import type { LegalAction, SeatSnap, TableSnap } from "../net/snapshot.ts";
import { seatLabel } from "../ui/names.ts";

export function legalOf(snap: TableSnap, mySeat: number | null): readonly LegalAction[] {
  return (mySeat === null ? undefined : snap.seats[mySeat]?.mine?.legal) ?? [];
}

export function hasLegal(snap: TableSnap, mySeat: number | null, type: string): boolean {
  return legalOf(snap, mySeat).some((a) => a.type === type);
}

/** Cards named by legal actions of `type` (e.g. every card `discard` allows). */
export function legalCards(legal: readonly LegalAction[], type: string): Set<string> {
  return new Set(legal.filter((a) => a.type === type && typeof a.card === "string").map((a) => a.card as string));
}

export function seatName(snap: TableSnap, seat: number | null | undefined, mySeat: number | null): string {
  if (seat === null || seat === undefined || seat < 0) return "";
  if (seat === mySeat) return "You";
  return seatLabel(snap.seats[seat]?.name, seat);
}

/** The seat must act now: its turn, or (no turn) one of those awaited. */
export function isActive(snap: TableSnap, seat: number): boolean {
  if (snap.status !== "playing") return false;
  return snap.turn === seat || (snap.turn < 0 && snap.awaiting.includes(seat));
}

/** DEALER, BOT, AWAY 42s: the tags every game shows on a seat. */
export function baseSeatTags(snap: TableSnap, seat: SeatSnap, serverNow: number): string[] {
  const tags: string[] = [];
  if (seat.index === snap.dealer) tags.push("DEALER");
  if (seat.isBot) tags.push(seat.botReason === "takeover" ? "BOT (took over)" : "BOT");
  if (seat.occupied && !seat.isBot && !seat.connected) {
    const left = seat.awayUntil > 0 ? Math.max(0, Math.ceil((seat.awayUntil - serverNow) / 1000)) : 0;
    tags.push(left > 0 ? `AWAY ${left}s` : "AWAY");
  }
  return tags;
}

/** A variant's value at this table (`options.variants`), e.g. `variantOf(snap, "classic")`. */
export function variantOf(snap: TableSnap, key: string): unknown {
  const variants = snap.options["variants"];
  return typeof variants === "object" && variants !== null ? (variants as Record<string, unknown>)[key] : undefined;
}

/**
 * The points that end the game: the engine's view once dealt, before that the table's own option
 * (a waiting table has no view yet, and its header said the game's default), else the default.
 */
export function targetOf(snap: TableSnap, fallback = 100): number {
  const dealt = snap.info["target"];
  if (typeof dealt === "number") return dealt;
  const chosen = variantOf(snap, "target");
  return typeof chosen === "number" ? chosen : fallback;
}

/** Opponents away from the table (occupied, not bots, disconnected): their badges count down. */
export function awaySeats(snap: TableSnap, mySeat: number | null): SeatSnap[] {
  return snap.seats.filter((seat) => seat.index !== mySeat && seat.occupied && !seat.isBot && !seat.connected);
}

/** "You are playing…" / "Ann is playing…" (a replay viewed from a seat names it "You"). */
export function playingLine(who: string): string {
  return who === "You" ? "You are playing…" : `${who} is playing…`;
}
