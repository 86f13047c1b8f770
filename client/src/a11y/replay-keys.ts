/**
 * The replay viewer by keyboard: Left / Right step back and on, Home / End jump
 * to the start and the end. Never while a field (the view or speed list) has the focus.
 */
export interface ReplayKeyActions {
  step(delta: 1 | -1): void;
  seek(to: "start" | "end"): void;
}

export function replayKeys(act: ReplayKeyActions): () => void {
  const onKey = (e: KeyboardEvent): void => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const el = e.target as HTMLElement | null;
    if (el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT")) return;
    const map: Record<string, () => void> = {
      ArrowRight: () => act.step(1),
      ArrowLeft: () => act.step(-1),
      Home: () => act.seek("start"),
      End: () => act.seek("end"),
    };
    const fn = map[e.key];
    if (!fn) return;
    e.preventDefault();
    fn();
  };
  window.addEventListener("keydown", onKey);
  return () => window.removeEventListener("keydown", onKey);
}
