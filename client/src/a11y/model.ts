/**
 * The keyboard layer's model of a table, from a snapshot only: the hand, the piles, the actions
 * and the seats, each a labelled control in the order a player reads them. Built from
 * `mine.legal` like the canvas views (the client never evaluates a rule).
 */
import { isActive, legalOf, seatName } from "../games/common.ts";
import type { LegalAction, TableSnap } from "../net/snapshot.ts";
import { cardWords } from "../ui/move-log/cards.ts";
import { seatLabel } from "../ui/names.ts";
import { a11yGame, actionLabel, PILE_OF } from "./games.ts";

export interface Control {
  /** Stable across snapshots (focus stays on it). */
  readonly key: string;
  readonly label: string;
  /** Sent on Enter / Space / click; null: a label only (a pile nobody may draw from). */
  readonly action: LegalAction | null;
  /** For a hand card: pressed in a three-card pass. */
  readonly pressed?: boolean;
}

export interface TableModel {
  readonly status: string;
  readonly myTurn: boolean;
  readonly hand: readonly Control[];
  readonly table: readonly Control[];
  readonly facts: readonly string[];
  readonly actions: readonly Control[];
  readonly seats: readonly string[];
  /** The actions a card of the hand may take (more than one: the choice is in `actions`). */
  readonly cardActions: ReadonlyMap<string, readonly LegalAction[]>;
}

/** "Any 3 of these" (the server's summary of a pass) or a listed pass: the cards it draws from. */
export function passPool(legal: readonly LegalAction[]): { choose: number; from: Set<string> } | null {
  const passes = legal.filter((a) => a.type === "passCards");
  if (passes.length === 0) return null;
  const from = new Set<string>();
  let choose = 3;
  for (const a of passes) {
    const c = a["cards"] as unknown;
    if (Array.isArray(c)) c.forEach((x) => typeof x === "string" && from.add(x));
    else if (c && typeof c === "object") {
      const o = c as { choose?: unknown; from?: unknown };
      if (typeof o.choose === "number") choose = o.choose;
      if (Array.isArray(o.from)) o.from.forEach((x) => typeof x === "string" && from.add(x));
    }
  }
  return { choose, from };
}

export function whoseTurn(snap: TableSnap, mySeat: number | null): string {
  if (snap.status === "waiting") return "Waiting for players.";
  if (snap.status === "ended" || snap.outcome) return "The game is over.";
  const active = snap.seats.filter((s) => isActive(snap, s.index)).map((s) => s.index);
  if (active.length === 0) return "";
  if (mySeat !== null && active.includes(mySeat) && active.length === 1) return "Your turn.";
  const names = active.map((i) => seatName(snap, i, mySeat));
  return `Waiting for ${names.join(", ")}.`;
}

export function tableModel(snap: TableSnap, mySeat: number | null, picked: readonly string[]): TableModel {
  const game = snap.game;
  const legal = snap.status === "playing" ? legalOf(snap, mySeat) : [];
  const me = mySeat === null ? null : snap.seats[mySeat];
  const card = (id: string): string => cardWords(game, id);
  const byCard = new Map<string, LegalAction[]>();
  for (const a of legal) if (typeof a.card === "string") byCard.set(a.card, [...(byCard.get(a.card) ?? []), a]);
  const pass = passPool(legal);
  const handIds = me?.mine?.hand ?? [];
  const hand: Control[] = handIds.map((id, i) => {
    const acts = byCard.get(id) ?? [];
    if (pass) {
      const on = picked.includes(id);
      return {
        key: `card:${id}`,
        label: `${card(id)}${on ? ", selected to pass" : ""}`,
        action: pass.from.has(id) ? { type: "pick", card: id } : null,
        pressed: on,
      };
    }
    const what = acts.length === 1 ? `: ${actionLabel(game, acts[0]!)}` : acts.length > 1 ? ": choose how below" : "";
    return {
      key: `card:${id}`,
      label: `${card(id)}${what}, ${i + 1} of ${handIds.length}`,
      action: acts.length === 1 ? acts[0]! : acts.length > 1 ? { type: "choose", card: id } : null,
    };
  });
  const handSet = new Set(handIds);
  const table: Control[] = Object.entries(snap.piles).map(([id, pile]) => {
    const act = legal.find((a) => PILE_OF[a.type] === id) ?? null;
    const top = pile.cards.length > 0 ? `, top card ${card(pile.cards[pile.cards.length - 1]!)}` : "";
    const label = `${id.charAt(0).toUpperCase()}${id.slice(1)} pile: ${pile.count} card${pile.count === 1 ? "" : "s"}${top}${act ? `. ${actionLabel(game, act)}` : ""}`;
    return { key: `pile:${id}`, label, action: act };
  });
  const onPile = new Set(table.map((c) => c.action));
  const actions: Control[] = [];
  for (const a of legal) {
    if (onPile.has(a) || a.type === "passCards") continue;
    // A card of the hand with one action is played from the hand; with several, each is listed here.
    if (typeof a.card === "string" && handSet.has(a.card) && (byCard.get(a.card)?.length ?? 0) === 1) continue;
    if (typeof a.card === "string" && !handSet.has(a.card) && a.type === "guess") continue; // the guess list below
    actions.push({ key: `act:${JSON.stringify(a)}`, label: actionLabel(game, a), action: a });
  }
  if (pass) {
    const ready = picked.length === pass.choose;
    actions.unshift({
      key: "act:pass",
      label: ready
        ? `Pass ${picked.map(card).join(", ")}`
        : `Pass: select ${pass.choose - picked.length} more card${pass.choose - picked.length === 1 ? "" : "s"} in your hand`,
      action: ready ? { type: "passCards", cards: handIds.filter((c) => picked.includes(c)) } : null,
    });
  }
  const seats = snap.seats.map((s) => {
    if (!s.occupied) return `Seat ${s.index + 1}: empty`;
    const name = s.index === mySeat ? `You (${seatLabel(s.name, s.index)})` : seatLabel(s.name, s.index);
    const bits = [`${s.handCount} card${s.handCount === 1 ? "" : "s"}`, `score ${s.score}`];
    if (s.rating) bits.push(`rating ${s.rating.rating}${s.rating.provisional ? " (provisional)" : ""}`);
    if (s.index === snap.dealer) bits.push("dealer");
    if (s.isBot) bits.push("bot");
    if (!s.isBot && !s.connected) bits.push("away");
    if (isActive(snap, s.index)) bits.push("to play");
    return `${name}: ${bits.join(", ")}`;
  });
  const myTurn = mySeat !== null && isActive(snap, mySeat) && legal.some((a) => a.type !== "slap");
  return {
    status: whoseTurn(snap, mySeat),
    myTurn,
    hand,
    table,
    facts: a11yGame(game).facts?.(snap, mySeat) ?? [],
    actions,
    seats,
    cardActions: byCard,
  };
}

/** The guessable cards (Scatterbrain): actions naming a card not in the hand. */
export function guessOptions(snap: TableSnap, mySeat: number | null): LegalAction[] {
  const hand = new Set(mySeat === null ? [] : (snap.seats[mySeat]?.mine?.hand ?? []));
  return legalOf(snap, mySeat).filter((a) => a.type === "guess" && typeof a.card === "string" && !hand.has(a.card));
}
