/**
 * How far apart two ranked players may be, by how long each has waited: a narrow band at first
 * (fair games), widening steadily so that after about a minute anyone meets anyone (nobody waits
 * forever). Two players meet when each is inside the other's range.
 */
export const RANGE_START = 100;
export const RANGE_PER_SECOND = 25;

export function rangeAfter(waitedMs: number): number {
  return Math.round(RANGE_START + (RANGE_PER_SECOND * Math.max(0, waitedMs)) / 1000);
}

export interface Waiting {
  readonly rating: number;
  readonly since: number;
}

export function acceptable(a: Waiting, b: Waiting, now: number): boolean {
  const gap = Math.abs(a.rating - b.rating);
  return gap <= rangeAfter(now - a.since) && gap <= rangeAfter(now - b.since);
}
