/**
 * The table's own choices (not in the server state): the three cards picked for the pass, the
 * shade shown and chosen for a lead, whether the last trick is open. Shared with the test hook.
 */
import type { TableSnap } from "../../net/snapshot.ts";
import type { Shade } from "../../objects/dark-card.ts";
import type { Header } from "./header-view.ts";
import { targetOf } from "../common.ts";
import { broken, canLead, directionText, passDirection, passKey, type Moves } from "./view-model.ts";

export interface UiState {
  picked: string[];
  /** The face shown large in the hand; when leading, the shade of the lead. */
  shade: Shade;
  lastTrickOpen: boolean;
  /** Trick cards drawn greyed ("does not count"). */
  dimmed: string[];
}

export const ui: UiState = { picked: [], shade: "light", lastTrickOpen: false, dimmed: [] };

export function resetUi(): void {
  Object.assign(ui, { picked: [], shade: "light", lastTrickOpen: false, dimmed: [] });
}

/** Toggles `card` in the pass pick; a fourth pick drops the oldest. */
export function togglePick(card: string): void {
  if (ui.picked.includes(card)) ui.picked = ui.picked.filter((c) => c !== card);
  else ui.picked = [...ui.picked, card].slice(-3);
}

/** The picked three form a legal pass. */
export function pickReady(m: Moves): boolean {
  return ui.picked.length === 3 && m.passes.has(passKey(ui.picked));
}

/** Keeps the pick to cards still passable; keeps the lead shade on one that has legal leads. */
export function settle(m: Moves): void {
  ui.picked = m.passes.size > 0 ? ui.picked.filter((c) => m.passCards.has(c)) : [];
  if (!canLead(m)) return;
  const other: Shade = ui.shade === "light" ? "dark" : "light";
  if (m.leads[ui.shade].size === 0 && m.leads[other].size > 0) ui.shade = other;
}

/** Cards the hand may click now. */
export function handLegal(m: Moves): ReadonlySet<string> {
  if (m.passes.size > 0) return m.passCards;
  if (canLead(m)) return m.leads[ui.shade];
  return m.plays;
}

export function headerOf(snap: TableSnap): Header {
  const round = snap.round > 0 ? `Hand ${snap.round}` : "";
  const dir = passDirection(snap);
  const pass = dir === "" ? "" : dir === "hold" ? "No pass" : `Pass ${directionText(dir)}`;
  const target = targetOf(snap);
  const left = (snap.info["leftover"] ?? null) as Record<string, unknown> | null;
  const leftover = left === null ? "" : left["faceDown"] === true ? "Leftover ▮ face down" : "Leftover taken";
  const parts = [round, pass, `Game to ${target}`, leftover].filter((s) => s !== "");
  return {
    text: parts.join(" · "),
    short: [round.replace("Hand ", "H"), pass, `to ${target}`].filter((s) => s !== "").join(" · "),
    broken: broken(snap),
  };
}
