/**
 * The "Deal verified" note in words for players (docs/FAIRNESS.md, "Players' entropy"). A random
 * value of ours that is not in the deal is not a fault in the deal: it reached the table too late
 * (after the short wait the server gives before dealing), so the shuffle went on without it, and
 * the deal is still the one sealed before it. Said calmly, not as an alarm; the raw value stays in
 * the note's tooltip for whoever checks the log.
 */

export interface DealVerdict {
  readonly ok: boolean;
  /** Why the log failed to verify (when not ok). */
  readonly reason?: string;
}

/**
 * `mine`: this page's random value for the deal (null when it sent none); `missing`: the log's
 * deal does not include it.
 */
export function fairDealWords(verdict: DealVerdict, mine: string | null, missing: boolean): string {
  if (!verdict.ok) return `✗ Deal NOT verified: ${verdict.reason ?? "the log does not check out"}`;
  const sealed = "✓ Deal verified: the shuffle was sealed before the cards were dealt";
  if (missing)
    return `${sealed}, and every move checks out. Your device's random value reached the table too late to be mixed in (usually a slow moment in the connection), so this shuffle was made without it; the deal is still the one sealed beforehand.`;
  if (mine !== null) return `${sealed}, includes your random value ${mine.slice(0, 8)}…, and every move checks out.`;
  return `${sealed}, and every move checks out.`;
}
