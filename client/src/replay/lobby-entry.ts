/**
 * "Watch a replay" in the lobby: open a downloaded game log with the file picker, or drop one
 * anywhere on the page. A file that is not a log says so in the lobby's error line.
 */
import { h } from "../ui/dom.ts";
import { readLogFile } from "./replay-loader.ts";

export interface ReplayEntry {
  readonly el: HTMLElement;
  destroy(): void;
}

export function replayEntry(open: (log: unknown) => void, fail: (message: string) => void): ReplayEntry {
  const input = h("input", {
    type: "file",
    accept: ".json,application/json",
    testid: "replay-file",
    class: "visually-hidden",
    "aria-label": "Game log file",
  });
  const pick = h("button", { type: "button", testid: "watch-replay" }, "Watch a replay…");
  const load = async (file: File | undefined): Promise<void> => {
    if (!file) return;
    try {
      open(await readLogFile(file));
    } catch (err) {
      fail((err as Error).message);
    }
  };
  pick.addEventListener("click", () => input.click());
  input.addEventListener("change", () => void load(input.files?.[0]));
  const onDragOver = (e: DragEvent): void => {
    if (e.dataTransfer?.types.includes("Files")) e.preventDefault();
  };
  const onDrop = (e: DragEvent): void => {
    const file = e.dataTransfer?.files[0];
    if (!file) return;
    e.preventDefault();
    void load(file);
  };
  window.addEventListener("dragover", onDragOver);
  window.addEventListener("drop", onDrop);
  const el = h(
    "div",
    { class: "replay-entry", testid: "replay-entry" },
    pick,
    input,
    h("span", { class: "note" }, "Open a downloaded game log (.json), or drop it here, and step through it."),
  );
  return {
    el,
    destroy() {
      window.removeEventListener("dragover", onDragOver);
      window.removeEventListener("drop", onDrop);
      el.remove();
    },
  };
}
