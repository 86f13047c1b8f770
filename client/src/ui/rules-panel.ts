/**
 * How to play, over the lobby or the table: the game's goal, short sections and card pictures
 * drawn with the game's own card art. One panel at a time; Esc, the close button or a click
 * outside closes it.
 */
import { cardImageUrl } from "../objects/card-art.ts";
import { darkImageUrl } from "../objects/dark-card.ts";
import { standardImageUrl } from "../objects/standard-art.ts";
import { hitImageUrl } from "../games/hit-the-deck/card-art.ts";
import { rulesFor } from "../rules/index.ts";
import type { CardExample, GameRules, RuleSection, RulesArt } from "../rules/types.ts";
import { byTestId, h, uiRoot } from "./dom.ts";

function imageUrl(art: RulesArt, card: string, shade: "light" | "dark"): string {
  switch (art) {
    case "scat":
      return cardImageUrl(card);
    case "standard":
      return standardImageUrl(card);
    case "dark":
      return darkImageUrl(card, shade);
    case "hit":
      return hitImageUrl(card);
  }
}

function example(art: RulesArt, ex: CardExample): HTMLElement {
  const shade = ex.shade ?? "light";
  return h("figure", { class: "rules-example" },
    h("div", { class: "rules-cards" }, ...ex.cards.map((c) => h("img", { class: "rules-card", src: imageUrl(art, c, shade), alt: c, title: c }))),
    h("figcaption", {}, ex.caption));
}

function section(rules: GameRules, s: RuleSection): HTMLElement {
  return h("section", { class: "rules-section" },
    h("h3", {}, s.heading),
    ...s.text.map((t) => h("p", {}, t)),
    ...(s.examples ?? []).map((ex) => example(rules.art, ex)));
}

let open: { el: HTMLElement; onKey: (e: KeyboardEvent) => void } | null = null;

export function closeRules(): void {
  if (!open) return;
  document.removeEventListener("keydown", open.onKey);
  open.el.remove();
  open = null;
}

/** Which game's rules are on screen (for the test hook), or null. */
export function rulesShown(): string | null {
  return open?.el.dataset["game"] ?? null;
}

export function openRules(game: string): void {
  closeRules();
  const rules = rulesFor(game);
  if (!rules) return;
  const el = h("div", { class: "rules-overlay", testid: "rules-overlay", "data-game": game },
    h("article", { class: "panel rules", testid: "rules", role: "dialog", "aria-label": `How to play ${rules.title}` },
      h("header", { class: "rules-head" },
        h("h2", {}, `How to play ${rules.title}`),
        h("button", { type: "button", class: "rules-close", testid: "rules-close", "aria-label": "Close" }, "Close")),
      h("p", { class: "rules-goal" }, rules.goal),
      ...rules.sections.map((s) => section(rules, s))));
  el.addEventListener("click", (e) => void (e.target === el && closeRules()));
  byTestId(el, "rules-close").addEventListener("click", closeRules);
  const onKey = (e: KeyboardEvent): void => void (e.key === "Escape" && closeRules());
  document.addEventListener("keydown", onKey);
  uiRoot().append(el);
  byTestId<HTMLButtonElement>(el, "rules-close").focus();
  open = { el, onKey };
}
