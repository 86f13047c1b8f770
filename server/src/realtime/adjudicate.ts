/**
 * Fair reaction times for a real-time race (the Hit the Deck slap race; ARCHITECTURE.md "The
 * room": adjudicated from server-side timestamps plus each client's measured delay).
 *
 * The client stamps, on its own clock, when the card was first shown (the first frame after it
 * rendered) and when the player pressed; it claims `reaction = pressedAt - shownAt`. The server
 * knows when it sent the reveal (`revealAt`) and when the slap arrived (`arrivedAt`), and has the
 * client's delay and clock offset. A claim is accepted when it is consistent with those:
 *   - the press, mapped to server time, plus the one-way delay, matches the arrival;
 *   - the card was shown after the reveal could reach the client, and no later than a couple of
 *     frames after (so a client cannot shave its reaction by claiming it saw the card late).
 * Otherwise the server's own estimate is used: arrival - reveal - round trip.
 * An accepted claim is then settled against the client's claim quota (claim-quota.ts): a client
 * whose claims keep beating the estimate by more than an honest render time gets less and less
 * of that credited.
 *
 * The server stamps the arrival when it handles the message. If its event loop was stalled
 * (a long step, a garbage collection) the stamp is late by up to the stall, so the arrival may
 * come that much later than the claim predicts, and the reveal may have left that much late
 * (`stallMs`, measured by the server itself since the reveal; a client cannot widen it).
 *
 * Packet loss: a press or a reveal that TCP had to retransmit comes a retransmission timeout
 * (200 ms or more) late, so the claim does not fit its arrival or the reveal's. When the
 * client's stream visibly stalled (stream-probe.ts: the WebSocket probes behind it came back
 * late or not yet), the claim may be that much late, and the held-back time is not charged to
 * the quota. Without that evidence the checks are as strict as ever.
 */
import type { LatencyEstimator } from "./latency.ts";
import { PROBE_GAP_MS } from "./stream-probe.ts";

export interface SlapClaim {
  /** Client clock, ms. */
  readonly shownAt: number;
  readonly pressedAt: number;
}

export interface Adjudication {
  readonly reactionMs: number;
  /**
   * "claim" when the client's own measurement was accepted, "estimate" for the server's own
   * estimate, "arrival" for a bot (on the server: its reaction is its arrival).
   */
  readonly source: "claim" | "estimate" | "arrival";
  /** The server's own estimate, for logs. */
  readonly estimateMs: number;
  /** Under 100 ms: faster than a human can react to a card. */
  readonly suspicious: boolean;
}

/** Slack for timer granularity and sampling error, ms. */
const BASE_TOLERANCE = 25;
/** The longest a client may take from receiving a reveal to showing it (a few frames), ms. */
const RENDER_MAX = 50;
export const HUMAN_FLOOR_MS = 100;

/**
 * `stallMs`: how long the server's loop stalled since the reveal (the plausibility checks allow
 * for all of it); `quotaStallMs`: only the stalls that held this press or the reveal back
 * (loop-lag.ts `stallAround`), which the claim quota does not charge: a stall in between held
 * back neither, and crediting it would give a lying client its length for free.
 */
export function adjudicate(
  claim: SlapClaim | null,
  revealAt: number,
  arrivedAt: number,
  net: LatencyEstimator,
  stallMs = 0,
  quotaStallMs = stallMs,
): Adjudication {
  const estimate = Math.max(0, arrivedAt - revealAt - net.rtt);
  const verdict = (reactionMs: number, source: Adjudication["source"]): Adjudication => ({
    reactionMs,
    source,
    estimateMs: estimate,
    suspicious: reactionMs < HUMAN_FLOOR_MS,
  });
  if (!claim || net.count === 0) return verdict(estimate, "estimate");
  const claimed = claim.pressedAt - claim.shownAt;
  const tolerance = BASE_TOLERANCE + 2 * net.jitter;
  const pressedServer = claim.pressedAt - net.offset;
  const shownServer = claim.shownAt - net.offset;
  const predicted = pressedServer + net.oneWay;
  const late = arrivedAt - predicted;
  // The client's TCP stream stalled (a lost segment, retransmitted: stream-probe.ts): a press that
  // would have arrived after the stall began arrives only when the retransmission does.
  const stalledAt = net.stream.stalledSince(revealAt, arrivedAt, stallMs);
  // Held back by the stall: a press that would have arrived once it had begun. (Also when a wide
  // tolerance would let the claim fit anyway: the held-back time is still not the client's.)
  const retransmitted = stalledAt !== null && late > 0 && predicted >= stalledAt - tolerance - PROBE_GAP_MS;
  const arrivalFits = (late >= -tolerance && late <= tolerance + stallMs) || retransmitted;
  const reached = revealAt + net.oneWay;
  // The stream behind the reveal held back (the reveal was retransmitted): it reached the client that much later.
  const revealHeld = net.stream.holdAfter(revealAt, arrivedAt, stallMs);
  // A stall may also have held the reveal back on its way out.
  const shownFits = shownServer >= reached - tolerance && shownServer <= reached + RENDER_MAX + tolerance + stallMs + revealHeld;
  const sane = Number.isFinite(claimed) && claimed >= 0 && claimed <= arrivedAt - revealAt + tolerance;
  if (!(arrivalFits && shownFits && sane)) return verdict(estimate, "estimate");
  // A stall of our own loop that held the press or the reveal back made the estimate late by up to
  // `quotaStallMs`, and a proven retransmission by what it held back: not the client's gain, so not
  // charged to its quota.
  const network = (retransmitted ? late : 0) + Math.min(revealHeld, Math.max(0, shownServer - reached));
  return verdict(net.quota.settle(claimed, estimate - quotaStallMs - network, net.transportJitter), "claim");
}
