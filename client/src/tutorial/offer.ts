/**
 * Offering the guided first game: once per game per browser (when the player first picks the
 * game in the lobby), never again after "Don't ask again", and not after the lesson was played.
 * Remembered in localStorage; a browser that refuses storage is simply not asked.
 */
import { lessonFor } from "@scat/shared/tutorial/scripts.ts";
import { gameModule } from "../games/registry.ts";
import { h } from "../ui/dom.ts";

const KEY = "scat.lesson.";
const NEVER = "scat.lesson.never";

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return "unavailable";
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Only a reminder.
  }
}

/** Whether to offer the lesson of `game` now. */
export function shouldOffer(game: string): boolean {
  return lessonFor(game) !== null && read(NEVER) === null && read(KEY + game) === null;
}

/** "offered" (Not now), "done" (played or skipped once started). */
export function remember(game: string, what: "offered" | "done"): void {
  write(KEY + game, what);
}

export function neverAsk(): void {
  write(NEVER, "1");
}

/** Test and settings helper: forget every answer. */
export function forgetOffers(): void {
  try {
    for (const k of Object.keys(localStorage)) if (k.startsWith(KEY)) localStorage.removeItem(k);
  } catch {
    // Nothing to forget.
  }
}

export interface OfferActions {
  start(game: string): void;
}

/** "New to Dark Hearts? Take the 2-minute guided game" with Start / Not now / Don't ask again. */
export function offerNotice(game: string, actions: OfferActions): HTMLElement {
  const title = gameModule(game)?.title ?? game;
  const el = h("div", { class: "lesson-offer", role: "region", "aria-label": `Guided game of ${title}`, testid: "lesson-offer", "data-game": game },
    h("p", {}, `New to ${title}? Take the 2-minute guided game.`));
  const button = (label: string, testid: string, fn: () => void, primary = false): HTMLButtonElement => {
    const b = h("button", { type: "button", testid, class: primary ? "primary" : "" }, label);
    b.addEventListener("click", (e) => {
      e.preventDefault();
      el.remove();
      fn();
    });
    return b;
  };
  el.append(h("div", { class: "lesson-offer-buttons" },
    button("Start", "lesson-offer-start", () => { remember(game, "done"); actions.start(game); }, true),
    button("Not now", "lesson-offer-later", () => remember(game, "offered")),
    button("Don't ask again", "lesson-offer-never", () => neverAsk())));
  return el;
}
