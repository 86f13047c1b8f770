/**
 * Paying at the end of a hand (docs/rules/dark-hand.md,
 * "Paying", "Calls").
 *
 * - A Scat wins: everyone else owes 1. A Skit wins (no Scat in its final round): every player who
 *   declared a Skit in the final round owes 0, everyone else 1.
 * - The winner called and won in the called shade: the 1s become 2s (a final-round Skit still 0),
 *   and the winner takes the Joker token back.
 * - A caller who does not win loses the Joker token to the pot and owes like any loser (so 2, or
 *   3 in all when the other caller won in their called shade), except that a caller whose
 *   final-round Skit in the called shade stands keeps every token (Joker token back, owes 0).
 * - A Forfeit Play (a caller's wrong-shade declaration) always loses the Joker token; otherwise it
 *   is paid like anyone's meld, and it never doubles what others owe.
 * - A payment never exceeds the tokens a player has; whoever is left with none is out.
 */
import { calledShade, type HandResult, type HandState, type JokerFate, type Meld, type SeatResult } from "./state.ts";

interface Settlement {
  readonly owed: number;
  readonly joker: JokerFate | null;
}

/** The winning meld: the Scat that ended the hand, else the Skit that opened the final round. */
export function winningMeld(melds: readonly Meld[]): Meld {
  const scat = melds.find((m) => m.kind === "scat");
  const meld = scat ?? melds[0];
  if (meld === undefined) throw new Error("a hand ended without a declaration");
  return meld;
}

/** A standing final-round Skit: the hand was not ended by a Scat. */
function finalRoundSkit(melds: readonly Meld[], seat: number, endedBy: Meld["kind"]): Meld | null {
  if (endedBy !== "skit") return null;
  return melds.find((m) => m.seat === seat && m.finalRound && m.kind === "skit") ?? null;
}

export function settleSeat(s: HandState, seat: number, win: Meld, callerWon: boolean): Settlement {
  const called = calledShade(s, seat);
  if (seat === win.seat) return { owed: 0, joker: called === null ? null : win.forfeit ? "pot" : "returned" };
  const skit = finalRoundSkit(s.melds, seat, win.kind);
  if (skit !== null) return { owed: 0, joker: called === null ? null : skit.forfeit ? "pot" : "returned" };
  return { owed: callerWon ? 2 : 1, joker: called === null ? null : "pot" };
}

/** Settles the hand into `s` (a draft) and returns its result. */
export function settleHand(s: HandState): HandResult {
  const win = winningMeld(s.melds);
  const callerWon = calledShade(s, win.seat) !== null && !win.forfeit;
  const wasOut = s.out.slice();
  const seats = s.tokens.map((before, seat): SeatResult => {
    if (wasOut[seat]) return sittingOut(seat);
    const { owed, joker } = settleSeat(s, seat, win, callerWon);
    const paid = Math.min(owed, before);
    const tokens = before - paid + (joker === "returned" ? 1 : 0);
    s.tokens[seat] = tokens;
    s.pot += paid + (joker === "pot" ? 1 : 0);
    const declared = s.melds.find((m) => m.seat === seat)?.kind ?? null;
    return {
      seat,
      sittingOut: false,
      called: calledShade(s, seat),
      declared,
      owed,
      paid,
      joker,
      lost: paid + (joker === "pot" ? 1 : 0),
      tokens,
      out: tokens <= 0,
    };
  });
  s.jokers = { light: null, dark: null };
  return { round: s.round, endedBy: win.kind, winner: win.seat, winningMeld: win, callerWon, melds: s.melds.slice(), seats, pot: s.pot };
}

function sittingOut(seat: number): SeatResult {
  return { seat, sittingOut: true, called: null, declared: null, owed: 0, paid: 0, joker: null, lost: 0, tokens: 0, out: true };
}
