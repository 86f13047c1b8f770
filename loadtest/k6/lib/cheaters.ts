/**
 * Which players of a table run the lying-client policy (lib/table.ts `LIE`): a `share` of all
 * players across the run. Every other table gets its share's worth (rounded), the rest none, so
 * both honest tables (the plain fairness figures) and mixed ones (`*_honest_fastest_wins`) run.
 */
export function cheatersAt(table: number, seats: number, share: number): ReadonlySet<number> {
  if (share <= 0 || table % 2 === 0) return new Set();
  const n = Math.min(seats - 1, Math.max(1, Math.round(share * seats * 2)));
  return new Set(Array.from({ length: n }, (_, i) => seats - 1 - i));
}
