/** Reads and drives the game page through `window.__scat` and real mouse clicks. */
import type { Page } from "playwright-core";

export interface LegalAction {
  readonly type: string;
  readonly card?: string;
}

export interface ScatState {
  readonly scene: string;
  readonly link?: string;
  readonly roomId?: string;
  readonly mySeat?: number | null;
  readonly status?: string;
  readonly phase?: string;
  readonly round?: number;
  readonly turn?: number;
  readonly legal?: readonly LegalAction[];
  readonly hand?: readonly string[];
  readonly seats?: ReadonlyArray<{ index: number; name: string; occupied: boolean; isBot: boolean; connected: boolean; handCount: number; score: number }>;
  readonly deckCount?: number;
  readonly discardTop?: string | null;
  readonly isPrivate?: boolean;
  readonly result?: { seats?: unknown[] } | null;
  readonly resultPanel?: "round" | "game" | null;
  readonly remainingMs?: number;
  readonly ping?: number | null;
  readonly toasts?: readonly string[];
}

export interface Target {
  readonly id: string;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly enabled: boolean;
}

export async function state(page: Page): Promise<ScatState> {
  return page.evaluate(() => (window.__scat?.state() ?? { scene: "none" }) as ScatState);
}

/** Waits until `predicate(state)` holds; the predicate runs in the page on the hook's snapshot. */
export async function waitState(page: Page, predicate: string, timeout = 20_000): Promise<ScatState> {
  await page.waitForFunction(`(() => { const s = window.__scat && window.__scat.state(); return !!s && (${predicate}); })()`, null, { timeout, polling: 50 });
  return state(page);
}

export async function target(page: Page, id: string): Promise<Target | null> {
  return page.evaluate((tid) => window.__scat?.target(tid) ?? null, id);
}

/** Clicks a canvas or DOM target at its on-screen position, after checking it is enabled. */
export async function click(page: Page, id: string): Promise<void> {
  await page.waitForFunction((tid) => window.__scat?.target(tid)?.enabled === true, id, { timeout: 10_000, polling: 50 });
  const t = await target(page, id);
  if (!t) throw new Error(`no target ${id}`);
  await page.mouse.click(t.x, t.y);
}

export function has(s: ScatState, type: string): boolean {
  return (s.legal ?? []).some((a) => a.type === type);
}
