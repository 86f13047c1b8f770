/**
 * The call race at the deal, client side (docs/FAIRNESS.md, "The call race"): when this client
 * first showed the dealt hand (the first frame after the deal arrived, on its own clock) and
 * the claim `{shownAt, pressedAt}` a call carries, so the server can judge calls by reaction
 * time instead of arrival. The report of a judged race (`callRace`) in words.
 */
import { num, type Json } from "../../net/snapshot.ts";

const clientNow = (): number => performance.timeOrigin + performance.now();

export class CallClock {
  private round = -1;
  private shown: number | null = null;

  /** A hand was dealt: its first frame on screen is when it was shown. */
  dealt(round: number): void {
    this.round = round;
    this.shown = null;
    const stamp = (): void => { if (this.round === round && this.shown === null) this.shown = clientNow(); };
    if (typeof requestAnimationFrame === "function") requestAnimationFrame(stamp);
    else stamp();
  }

  /** The call to send for a press at `pressedAt` (client ms); a plain call when we did not see the deal (joined mid-hand). */
  call(shade: string, pressedAt = clientNow()): Json & { type: string } {
    return this.shown === null ? { type: "call", shade } : { type: "call", shade, shownAt: this.shown, pressedAt };
  }
}

const TIMING: Record<string, string> = { claim: "", estimate: " ≈", arrival: "" };

/** "Call race: You 312 ms, Bob 402 ms (arrived 1st)" and, when reaction times changed the order, the arrival order. */
export function callRaceText(m: Json, name: (seat: number) => string): { line: string; compensated: string | null } {
  const presses = Array.isArray(m["presses"]) ? (m["presses"] as Json[]) : [];
  const byArrival = Array.isArray(m["byArrival"]) ? (m["byArrival"] as number[]) : [];
  const parts = presses.map((p, i) => {
    const seat = num(p["seat"], -1);
    const arrived = byArrival.indexOf(seat);
    const note = arrived >= 0 && arrived !== i ? ` (arrived ${ordinal(arrived + 1)})` : "";
    return `${name(seat)} ${num(p["reactionMs"], 0)} ms${TIMING[String(p["timing"])] ?? ""}${note}`;
  });
  const line = `Call race: ${parts.join(", ")}`;
  const compensated = m["compensated"] === true
    ? `⚖ Lag compensated: ordered by reaction time; by arrival it was ${byArrival.map(name).join(", ")}`
    : null;
  return { line, compensated };
}

function ordinal(n: number): string {
  return n === 1 ? "1st" : n === 2 ? "2nd" : n === 3 ? "3rd" : `${n}th`;
}
