/**
 * A seat's legal actions as a few typed choices (`LegalChoice`, docs/PROTOCOL.md, "Your seat"):
 * the discards of a turn are one choice with a card list, a lead is cards × shades, and "any k of
 * these cards" (Dark Hearts' pass: every 3 of 17 cards is 680 actions) is one `{choose, from}`.
 * `expandLegal` (shared/src/wire-state.ts) gives back exactly the actions the engine listed.
 */
import type { LegalChoice } from "@scat/shared/wire-state.ts";

type Action = { readonly type: string; readonly [k: string]: unknown };

/** Keys a legal action may carry besides `type`; anything else is a projection bug. */
const KEYS = new Set(["card", "shade", "cards"]);

export class UnknownActionShape extends Error {}

function choice(type: string, part: Partial<LegalChoice>): LegalChoice {
  return { type, card: [], shade: [], choose: 0, from: [], ...part };
}

/** True when `group` is exactly every k-subset of the cards it names. */
function fullChoice(group: readonly Action[]): { k: number; from: string[] } | null {
  const k = (group[0]!["cards"] as unknown[]).length;
  const from = new Set<string>();
  for (const a of group) {
    const cards = a["cards"] as unknown[];
    if (cards.length !== k) return null;
    for (const c of cards) from.add(c as string);
  }
  const distinct = new Set(group.map((a) => [...(a["cards"] as string[])].sort().join(" ")));
  let n = 1;
  for (let i = 1; i <= k; i++) n = (n * (from.size - k + i)) / i;
  return distinct.size === group.length && group.length === Math.round(n) ? { k, from: [...from] } : null;
}

function compactGroup(type: string, keys: string, group: readonly Action[]): LegalChoice[] {
  switch (keys) {
    case "":
      return [choice(type, {})];
    case "card":
      return [choice(type, { card: group.map((a) => a["card"] as string) })];
    case "shade":
      return [choice(type, { shade: group.map((a) => a["shade"] as string) })];
    case "cards": {
      const full = fullChoice(group);
      if (full) return [choice(type, { choose: full.k, from: full.from })];
      return group.map((a) => choice(type, { choose: (a["cards"] as string[]).length, from: (a["cards"] as string[]).slice() }));
    }
    case "card,shade": {
      // Cards with the same shades share one choice (a lead: every card in either shade).
      const shadesOf = new Map<string, string[]>();
      for (const a of group) {
        const card = a["card"] as string;
        shadesOf.set(card, [...(shadesOf.get(card) ?? []), a["shade"] as string]);
      }
      const byShades = new Map<string, { card: string[]; shade: string[] }>();
      for (const [card, shade] of shadesOf) {
        const key = shade.join(" ");
        const entry = byShades.get(key) ?? { card: [], shade };
        entry.card.push(card);
        byShades.set(key, entry);
      }
      return [...byShades.values()].map((e) => choice(type, e));
    }
    default:
      throw new UnknownActionShape(`legal action "${type}" has fields {${keys}} the state cannot carry`);
  }
}

export function compactLegal(actions: readonly unknown[]): LegalChoice[] {
  const groups = new Map<string, { type: string; keys: string; group: Action[] }>();
  for (const a of actions as Action[]) {
    const keys = Object.keys(a)
      .filter((k) => k !== "type" && a[k] !== undefined)
      .sort();
    for (const k of keys) {
      const v = a[k];
      const ok = k === "cards" ? Array.isArray(v) && v.every((c) => typeof c === "string") : KEYS.has(k) && typeof v === "string";
      if (!ok) throw new UnknownActionShape(`legal action "${a.type}" has a field "${k}" the state cannot carry`);
    }
    const id = `${a.type}|${keys.join(",")}`;
    const entry = groups.get(id) ?? { type: a.type, keys: keys.join(","), group: [] };
    entry.group.push(a);
    groups.set(id, entry);
  }
  return [...groups.values()].flatMap((g) => compactGroup(g.type, g.keys, g.group));
}
