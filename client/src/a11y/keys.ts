/**
 * The layer's one-letter shortcuts (H hand, A actions, T time, W whose turn): never while typing
 * in a field, never with a modifier, never a key a game's own view uses (Hit the Deck: Space, C, D).
 */
export function reflectKeys(handle: (key: string) => boolean): () => void {
  const onKey = (e: KeyboardEvent): void => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
    const el = e.target as HTMLElement | null;
    if (el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT" || el.isContentEditable)) return;
    if (document.querySelector("dialog[open], [role='dialog']:not([hidden])")) return;
    if (handle(e.key.toLowerCase())) e.preventDefault();
  };
  window.addEventListener("keydown", onKey);
  return () => window.removeEventListener("keydown", onKey);
}
