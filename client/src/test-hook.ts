/**
 * `window.__scat`, the hook browser tests drive the game through: a plain state snapshot and
 * the page coordinates of everything clickable, so a test clicks the real canvas.
 */
export interface Target {
  readonly id: string;
  /** Page coordinates (CSS px) of the centre. */
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly enabled: boolean;
}

export type TargetSource = () => readonly Target[];

const sources = new Set<TargetSource>();
let stateProvider: () => unknown = () => ({ scene: "boot" });

export function addTargets(source: TargetSource): () => void {
  sources.add(source);
  return () => sources.delete(source);
}

export function setStateProvider(fn: () => unknown): void {
  stateProvider = fn;
}

/** A visible DOM element as a target (null when hidden or detached). */
export function domTarget(id: string, el: HTMLElement | null | undefined): Target | null {
  if (!el || !el.isConnected) return null;
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return null;
  const disabled = (el as HTMLButtonElement).disabled === true;
  return { id, x: r.left + r.width / 2 + scrollX, y: r.top + r.height / 2 + scrollY, w: r.width, h: r.height, enabled: !disabled };
}

declare global {
  interface Window {
    __scat?: { state(): unknown; targets(): Target[]; target(id: string): Target | null };
  }
}

export function installTestHook(): void {
  const targets = (): Target[] => [...sources].flatMap((s) => s());
  window.__scat = {
    state: () => structuredClone(stateProvider()),
    targets,
    target: (id) => targets().find((t) => t.id === id) ?? null,
  };
}
