/**
 * Notes that arrive around a game's end (the rating change of a ranked game, "Deal verified")
 * show inside the game-over panel while it is up, so they never cover its standings or buttons
 * on a small screen, and over the table (their own CSS position) otherwise. Each note is one
 * element, moved between the two.
 */
import { h } from "./dom.ts";

const notes = new Map<string, { el: HTMLElement; home: HTMLElement }>();

/** Shows `el` as the note `name` (replacing an earlier one): in the panel's slot if one is showing, else in `home`. */
export function showNote(name: string, el: HTMLElement, home: HTMLElement): void {
  notes.get(name)?.el.remove();
  notes.set(name, { el, home });
  const slot = document.querySelector<HTMLElement>(`[data-slot="${name}"]`);
  if (slot) put(slot, el);
  else {
    el.classList.remove("in-panel");
    home.append(el);
  }
}

/** Removes the note `name` (only if it is still `el`, when given). */
export function clearNote(name: string, el?: HTMLElement): void {
  const note = notes.get(name);
  if (!note || (el && note.el !== el)) return;
  note.el.remove();
  notes.delete(name);
}

/** The panel's place for the note `name`; a note already shown moves in. */
export function noteSlot(name: string): HTMLElement {
  const slot = h("div", { class: `note-slot note-slot-${name}`, "data-slot": name });
  const note = notes.get(name);
  if (note) put(slot, note.el);
  return slot;
}

function put(slot: HTMLElement, el: HTMLElement): void {
  el.classList.add("in-panel");
  slot.replaceChildren(el);
}
