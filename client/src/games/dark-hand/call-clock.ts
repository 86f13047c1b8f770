/**
 * The call race at the deal, client side (docs/FAIRNESS.md, "The call race"): when this client
 * first showed the dealt hand (the first frame after the deal arrived, on its own clock) and
 * the claim `{shownAt, pressedAt}` a call carries, so the server can judge calls by reaction
 * time instead of arrival. The report of a judged race (`callRace`) in words.
 */
import { num, type Json } from "../../net/snapshot.ts";
import { raceWinnerWords, reorderedWords } from "../../ui/race-words.ts";

const clientNow = (): number => performance.timeOrigin + performance.now();

export class CallClock {
  private round = -1;
  private shown: number | null = null;

  /** A hand was dealt: its first frame on screen is when it was shown. */
  dealt(round: number): void {
    this.round = round;
    this.shown = null;
    const stamp = (): void => {
      if (this.round === round && this.shown === null) this.shown = clientNow();
    };
    if (typeof requestAnimationFrame === "function") requestAnimationFrame(stamp);
    else stamp();
  }

  /** The call to send for a press at `pressedAt` (client ms); a plain call when we did not see the deal (joined mid-hand). */
  call(shade: string, pressedAt = clientNow()): Json & { type: string } {
    return this.shown === null ? { type: "call", shade } : { type: "call", shade, shownAt: this.shown, pressedAt };
  }
}

/**
 * "Ann called first, 0.3 s before you." and, when reaction times changed the order against
 * arrival, why (in plain words). The times themselves are in the game log and its replay.
 */
export function callRaceText(m: Json, name: (seat: number) => string): { line: string; compensated: string | null } {
  const presses = Array.isArray(m["presses"]) ? (m["presses"] as Json[]) : [];
  const byArrival = Array.isArray(m["byArrival"]) ? (m["byArrival"] as number[]) : [];
  const entries = presses.map((p) => ({
    seat: num(p["seat"], -1),
    reactionMs: typeof p["reactionMs"] === "number" ? p["reactionMs"] : null,
  }));
  const line = raceWinnerWords("called", entries, name);
  const first = byArrival[0];
  const compensated = m["compensated"] === true && typeof first === "number" ? reorderedWords("call", first, name) : null;
  return { line, compensated };
}
