/**
 * When the keyboard table shows, and where. It is for players who move around the page with the
 * keyboard: Tab, Shift+Tab or an arrow key (or its own H and A keys) open it; a game's shortcut
 * (Space slaps, C calls), Enter in a form or banner and any mouse or touch input do not. Escape
 * closes it. A setting kept in this browser (auto / on / off; auto by default) lets a player
 * switch it on for good, or off. Open, it is docked beside the table (a column at the right on
 * a wide screen, a sheet at the bottom on a phone) and the table shrinks to the rest of the
 * window, so it never covers the own hand, a pile or a button.
 */
import { h } from "../ui/dom.ts";

export type KeyboardTableMode = "auto" | "on" | "off";

const KEY = "scat.keyboardTable";
const DOCKED = "kbd-docked";
const listeners = new Set<() => void>();

export function keyboardTableMode(): KeyboardTableMode {
  try {
    const v = localStorage.getItem(KEY);
    return v === "on" || v === "off" ? v : "auto";
  } catch {
    return "auto";
  }
}

export function setKeyboardTableMode(mode: KeyboardTableMode): void {
  try {
    if (mode === "auto") localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, mode);
  } catch {
    // Private mode or quota: the choice lasts for this page only.
  }
  for (const fn of listeners) fn();
}

/** Called whenever the setting or the way the player moves around changes. */
export function onKeyboardTableChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** A field where arrow keys move a caret or a choice, not the player around the page. */
export function isField(el: EventTarget | null): boolean {
  const e = el as HTMLElement | null;
  return !!e && (e.tagName === "INPUT" || e.tagName === "TEXTAREA" || e.tagName === "SELECT" || e.isContentEditable === true);
}

const ARROWS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]);
export const isArrow = (key: string): boolean => ARROWS.has(key);

/** Whether the player is moving around by keyboard: Tab or an arrow key since the last pointer input. */
let navigating = false;

export function keyboardNavigating(): boolean {
  return navigating;
}

export function setKeyboardNavigating(on: boolean): void {
  if (navigating === on) return;
  navigating = on;
  for (const fn of listeners) fn();
}

if (typeof window !== "undefined") {
  window.addEventListener(
    "keydown",
    (e) => {
      if (e.key === "Tab" || (isArrow(e.key) && !isField(e.target))) setKeyboardNavigating(true);
    },
    true,
  );
  // A pointer inside the keyboard table (a click on one of its buttons) keeps it open. One on the
  // table closes it once that click is done: closing gives the table its room back, and a table
  // re-laid out between press and release would take the click on another card.
  let outside = false;
  window.addEventListener(
    "pointerdown",
    (e) => {
      outside = !(e.target as HTMLElement | null)?.closest?.("#a11y-table");
      if (outside && !document.body.classList.contains(DOCKED)) setKeyboardNavigating(false);
    },
    true,
  );
  const released = (): void => {
    if (!outside) return;
    outside = false;
    setTimeout(() => setKeyboardNavigating(false), 0);
  };
  window.addEventListener("pointerup", released);
  window.addEventListener("pointercancel", released);
}

/** What docks beside the table: the keyboard table, the table's chat (social/chat-panel.ts). */
export type DockedPanel = "keyboard" | "chat";
const DOCK_CLASS: Readonly<Record<DockedPanel, string>> = { keyboard: DOCKED, chat: "chat-docked" };

/**
 * Docks an open panel: the page's canvas and HTML layer make room for it (styles in a11y.css),
 * and the game re-lays itself out for the smaller area (the resize the canvas listens to).
 */
export function setDocked(on: boolean, panel: DockedPanel = "keyboard"): void {
  const cls = DOCK_CLASS[panel];
  if (document.body.classList.contains(cls) === on) return;
  document.body.classList.toggle(cls, on);
  window.dispatchEvent(new Event("resize"));
}

/** The setting's control, for the table's Sound popover (and a settings page). */
export function keyboardTableControl(): HTMLElement {
  const select = h("select", { testid: "keyboard-table-mode", "aria-label": "Keyboard table" }) as HTMLSelectElement;
  const names: Record<KeyboardTableMode, string> = { auto: "Auto (Tab or arrow keys)", on: "On", off: "Off" };
  for (const m of ["auto", "on", "off"] as const) select.append(h("option", { value: m }, names[m]));
  select.value = keyboardTableMode();
  select.addEventListener("change", () => setKeyboardTableMode(select.value as KeyboardTableMode));
  return h(
    "label",
    { class: "check kbd-mode", title: "A panel of buttons for playing with the keyboard" },
    h("span", {}, "Keyboard table"),
    select,
  );
}
