/**
 * Keeps `mine.legal` small. A choice of "any k of these cards" (Dark Hearts' pass: every 3 of 17
 * cards is 680 actions, ~38 KB of JSON) is sent as one summary action
 * `{type, cards: {choose: k, from: [...]}}` (docs/PROTOCOL.md, "Your seat"). Large strings also
 * trip a schema encoding bug in view patches, so this is needed, not only tidy.
 */
type Action = { type: string; [k: string]: unknown };

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

/** True when `group` is exactly every k-subset of the cards it uses, with nothing else varying. */
function isFullChoice(group: Action[]): { k: number; from: string[] } | null {
  const first = group[0]!;
  const keys = Object.keys(first).sort().join(",");
  if (keys !== "cards,type") return null;
  const k = (first.cards as unknown[]).length;
  const from = new Set<string>();
  for (const a of group) {
    if (Object.keys(a).sort().join(",") !== keys || !Array.isArray(a.cards) || a.cards.length !== k) return null;
    for (const c of a.cards) if (typeof c === "string") from.add(c); else return null;
  }
  const distinct = new Set(group.map((a) => [...(a.cards as string[])].sort().join(" ")));
  return distinct.size === group.length && group.length === binomial(from.size, k) ? { k, from: [...from] } : null;
}

export function compactLegal(actions: readonly unknown[]): unknown[] {
  const byType = new Map<string, Action[]>();
  for (const a of actions as Action[]) byType.set(a.type, [...(byType.get(a.type) ?? []), a]);
  const out: unknown[] = [];
  for (const [type, group] of byType) {
    const choice = group.length > 20 ? isFullChoice(group) : null;
    if (choice) out.push({ type, cards: { choose: choice.k, from: choice.from } });
    else out.push(...group);
  }
  return out;
}
