/** Short messages over the table (rejected actions, notices) and the connection banner. */
import { h, uiRoot } from "./dom.ts";
import { bandTop, toastTop, type Box } from "./toast-place/place.ts";

/** What the toasts must not cover, from the scene that shows them (null: the stylesheet's place). */
export interface KeepClear {
  /** Seats, cards, piles and buttons (page px). */
  readonly boxes: readonly Box[];
  /** The first y below the top bar. */
  readonly top: number;
}

let keepClear: (() => KeepClear) | null = null;
/** HTML over the table the stack keeps off too: the first-time hint, a refused card's reason, a result panel. */
const OVER_TABLE =
  '[data-testid="first-hint"]:not([hidden]), [data-testid="refusal-bubble"], [data-testid="round-result"], [data-testid="game-over"]';

/** What covering the first-time hint costs beside a seat, card or prompt (1) when nothing can be kept clear. */
const HINT_WEIGHT = 0.25;

const recent: string[] = [];

function stack(): HTMLElement {
  let el = document.getElementById("toasts");
  if (!el) {
    el = h("div", { id: "toasts", class: "toasts", "aria-live": "polite" });
    uiRoot().append(el);
  }
  return el;
}

export function toast(text: string, kind: "info" | "error" = "info"): void {
  recent.push(text);
  if (recent.length > 20) recent.shift();
  // The same words again (a key pressed twice on a refused move) replace the copy still showing
  // rather than stacking over the table: one toast, shown for the full time from now.
  for (const shown of stack().querySelectorAll<HTMLElement>(".toast"))
    if (shown.textContent === text && !shown.classList.contains("toast-out")) shown.remove();
  const el = h("div", { class: `toast toast-${kind}`, testid: "toast" }, text);
  stack().append(el);
  placeToasts();
  keepPlacing();
  setTimeout(() => el.classList.add("toast-out"), 3200);
  setTimeout(() => {
    el.remove();
    placeToasts();
  }, 3700);
}

/**
 * A table (or the replay viewer) says what its toasts must keep clear of; null when it goes. The stack is
 * placed when a toast comes or goes and when the screen changes size (toast-place/place.ts).
 */
export function setToastKeepClear(fn: (() => KeepClear) | null): void {
  // A table or replay that goes takes its toasts along (they spoke of its game, not the next one).
  if (!fn) document.getElementById("toasts")?.replaceChildren();
  keepClear = fn;
  if (fn) addEventListener("resize", placeToasts);
  else removeEventListener("resize", placeToasts);
  placeToasts();
}

/**
 * Where `el` (a bubble over the table, centred across it) covers nothing the player needs: its
 * top, or null when no table says what to keep clear of. The first-time hint uses it on a phone.
 */
export function clearTop(el: HTMLElement): number | null {
  if (!keepClear) return null;
  const clear = keepClear();
  const size = el.getBoundingClientRect();
  return toastTop(
    [...clear.boxes, ...boxesOver(el)],
    { width: tableRight(), height: tableBottom(), top: clear.top },
    size.width,
    size.height,
  );
}

/** The HTML bubbles over the table (`OVER_TABLE`) but `except`, as boxes; the first-time hint costs least to cover (place.ts). */
function boxesOver(except?: HTMLElement): Box[] {
  return [...document.querySelectorAll<HTMLElement>(OVER_TABLE)]
    .filter((o) => o !== except)
    .map((o) => {
      const r = o.getBoundingClientRect();
      return {
        x: r.left + r.width / 2,
        y: r.top + r.height / 2,
        w: r.width,
        h: r.height,
        weight: o.dataset["testid"] === "first-hint" ? HINT_WEIGHT : 1,
      };
    });
}

/** Where the table ends on the page (the replay viewer's panel takes the bottom of a phone's screen). */
function tableBottom(): number {
  return Math.min(innerHeight, document.querySelector("#game canvas")?.getBoundingClientRect().bottom ?? innerHeight);
}

/** Where the table ends at the right (the docked keyboard table takes a column of a wide screen). */
function tableRight(): number {
  return Math.min(innerWidth, document.querySelector("#game canvas")?.getBoundingClientRect().right ?? innerWidth);
}

/** Places the stack again (a table calls it after each render: its seats and hand may have moved). */
export function placeToasts(): void {
  const el = document.getElementById("toasts");
  if (!el) return;
  if (!keepClear || !el.childElementCount) {
    el.style.top = "";
    return;
  }
  const clear = keepClear();
  const avoid = [...clear.boxes, ...boxesOver()];
  const area = { width: tableRight(), height: tableBottom(), top: clear.top };
  // A stack no free band holds (toasts arriving together at a crowded phone table: a call, its
  // race, the link copied) keeps its newest toasts, as many as one band holds (at least one),
  // rather than covering seats and buttons; what they said is in the table's log too.
  while (el.childElementCount > 1) {
    const size = el.getBoundingClientRect();
    if (bandTop(avoid, area, size.width, size.height) !== null) break;
    el.firstElementChild?.remove();
  }
  const size = el.getBoundingClientRect();
  el.style.top = `${toastTop(avoid, area, size.width, size.height)}px`;
}

let placing: ReturnType<typeof setInterval> | null = null;

/**
 * While toasts show at a table they are placed again every 200 ms, not only on renders: a button
 * or seat that slides in by a tween (KNOCK coming up after a draw) moves between renders, and a
 * toast placed before it came could end up over it.
 */
function keepPlacing(): void {
  if (placing !== null) return;
  placing = setInterval(() => {
    if (!keepClear || !document.getElementById("toasts")?.childElementCount) {
      if (placing !== null) clearInterval(placing);
      placing = null;
      return;
    }
    placeToasts();
  }, 200);
}

/** The last toasts shown, newest last (for the test hook). */
export function recentToasts(): readonly string[] {
  return recent;
}

/** A persistent strip at the top ("Reconnecting…"); null hides it. */
export function setBanner(text: string | null): void {
  let el = document.getElementById("banner");
  if (text === null) {
    el?.remove();
    return;
  }
  if (!el) {
    el = h("div", { id: "banner", class: "banner", testid: "banner" });
    uiRoot().append(el);
  }
  el.textContent = text;
}
