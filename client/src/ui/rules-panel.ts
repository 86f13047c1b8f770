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
import { Dialog } from "./dialog.ts";
import { h } from "./dom.ts";

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
  return h(
    "figure",
    { class: "rules-example" },
    h(
      "div",
      { class: "rules-cards" },
      ...ex.cards.map((c) => h("img", { class: "rules-card", src: imageUrl(art, c, shade), alt: c, title: c })),
    ),
    h("figcaption", {}, ex.caption),
  );
}

function section(rules: GameRules, s: RuleSection): HTMLElement {
  return h(
    "section",
    { class: "rules-section" },
    h("h3", {}, s.heading),
    ...s.text.map((t) => h("p", {}, t)),
    ...(s.examples ?? []).map((ex) => example(rules.art, ex)),
  );
}

const dialog = new Dialog();

export function closeRules(): void {
  dialog.close();
}

/** Which game's rules are on screen (for the test hook), or null. */
export function rulesShown(): string | null {
  return dialog.shown()?.dataset["game"] ?? null;
}

/** `learn`: a "Learn by playing" button that starts the game's guided first game (from the lobby). */
export function openRules(game: string, learn?: () => void): void {
  closeRules();
  const rules = rulesFor(game);
  if (!rules) return;
  const learnButton = learn
    ? h("button", { type: "button", class: "primary rules-learn", testid: "rules-learn" }, "Learn by playing")
    : null;
  learnButton?.addEventListener("click", () => {
    closeRules();
    learn?.();
  });
  dialog.show(
    { testid: "rules", title: `How to play ${rules.title}`, data: { game }, focusClose: true },
    h("p", { class: "rules-goal" }, rules.goal),
    learnButton,
    ...rules.sections.map((s) => section(rules, s)),
  );
}
