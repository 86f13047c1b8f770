/** Reads and drives the game page through `window.__scat` (client/src/test-hook.ts) and real clicks. */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";

export const SHOTS = fileURLToPath(new URL("../screenshots/", import.meta.url));

export interface LegalAction {
  readonly type: string;
  readonly card?: string;
  readonly [key: string]: unknown;
}

export interface SeatState {
  readonly index: number;
  readonly name: string;
  readonly occupied: boolean;
  readonly isBot: boolean;
  readonly connected: boolean;
  readonly handCount: number;
  readonly score: number;
  readonly info: Record<string, unknown>;
}

/** `window.__scat.state()` while seated (scenes/table-state.ts) plus the game's `testState`. */
export interface TableState {
  readonly scene: string;
  readonly game?: string;
  readonly link?: string;
  readonly roomId?: string;
  readonly mySeat?: number | null;
  readonly status?: string;
  readonly phase?: string;
  readonly round?: number;
  readonly turn?: number;
  readonly awaiting?: readonly number[];
  readonly deadline?: number;
  readonly legal?: readonly LegalAction[];
  readonly hand?: readonly string[];
  readonly myInfo?: Record<string, unknown>;
  readonly seats?: readonly SeatState[];
  readonly piles?: Record<string, { count: number; cards: readonly string[] }>;
  readonly info?: Record<string, unknown>;
  readonly isPrivate?: boolean;
  readonly result?: ({ seats?: unknown[] } & Record<string, unknown>) | null;
  readonly outcome?: ({ winners?: unknown[] } & Record<string, unknown>) | null;
  readonly resultPanel?: "round" | "game" | null;
  readonly remainingMs?: number;
  readonly ping?: number | null;
  readonly toasts?: readonly string[];
  /** Table chrome (scenes/table-chrome.ts): the newest move-log lines, whether it is open, the
   * first-time hint, the game whose rules are open, the signal bars (0-4), spectating. */
  readonly moveLog?: readonly string[];
  readonly logOpen?: boolean;
  readonly hint?: string | null;
  readonly rules?: string | null;
  readonly signal?: number;
  readonly watching?: boolean;
  /** While waiting: seconds before bots fill the table (null: no countdown). */
  readonly autoFillIn?: number | null;
  /** In the lobby: the live list of public tables (net/lobby-feed.ts). */
  readonly openTables?: ReadonlyArray<{
    roomId: string;
    game: string;
    status: string;
    open: boolean;
    players: number;
    bots: number;
    seats: number;
  }>;
  /** Game extras (`testState`), e.g. Devil's Scat `deckCount`, `discardTop`. */
  readonly [extra: string]: unknown;
}

export interface Target {
  readonly id: string;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly enabled: boolean;
}

export async function state(page: Page): Promise<TableState> {
  return page.evaluate(() => (window.__scat?.state() ?? { scene: "none" }) as TableState);
}

/**
 * Waits until `predicate` holds and returns the state. The predicate is a JS expression over `s`
 * (the hook's snapshot), evaluated in the page: `"s.status === 'playing' && s.hand.length === 3"`.
 */
export async function waitState(page: Page, predicate: string, timeout = 20_000): Promise<TableState> {
  // The snapshot that satisfied the predicate, not a later read (bots act in between).
  const handle = await page.waitForFunction(
    `(() => { const s = window.__scat && window.__scat.state(); return s && (${predicate}) ? s : null; })()`,
    null,
    { timeout, polling: 50 },
  );
  return (await handle.jsonValue()) as TableState;
}

export async function target(page: Page, id: string): Promise<Target | null> {
  return page.evaluate((tid) => window.__scat?.target(tid) ?? null, id);
}

export async function targets(page: Page): Promise<Target[]> {
  return page.evaluate(() => window.__scat?.targets() ?? []);
}

/**
 * Clicks a canvas or DOM target at its on-screen position, once it exists, is enabled and has
 * stopped moving (as a player taps a card once it has settled: a card still sliding into a
 * re-laid hand is elsewhere by the time the click lands, and the click hit its neighbour).
 */
export async function clickTarget(page: Page, id: string, timeout = 10_000): Promise<void> {
  const end = Date.now() + timeout;
  let last: Target | null = null;
  for (;;) {
    await page.waitForFunction((tid) => window.__scat?.target(tid)?.enabled === true, id, {
      timeout: Math.max(1, end - Date.now()),
      polling: 50,
    });
    const t = await target(page, id);
    if (!t) throw new Error(`no target ${id}`);
    if (last && t.enabled && Math.abs(t.x - last.x) < 1 && Math.abs(t.y - last.y) < 1) return page.mouse.click(t.x, t.y);
    if (Date.now() > end) throw new Error(`target ${id} kept moving for ${timeout} ms`);
    last = t;
    await new Promise((r) => setTimeout(r, 60));
  }
}

/** Whether `mine.legal` holds an action of `type`. */
export function has(s: TableState, type: string): boolean {
  return (s.legal ?? []).some((a) => a.type === type);
}

/** The first legal action of `type` (e.g. the card a `discard` names). */
export function legal(s: TableState, type: string): LegalAction | undefined {
  return (s.legal ?? []).find((a) => a.type === type);
}

/** Saves `e2e/screenshots/<name>.png` (`name` may hold a folder: `dark-hearts/01-pass`). */
export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(SHOTS, `${name}.png`);
  mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file });
  return file;
}

/** Which renderer Phaser chose on the page (`Phaser.WEBGL` is 2, `Phaser.CANVAS` 1): see lib/browser.ts. */
export async function rendererOf(page: Page): Promise<"webgl" | "canvas"> {
  await page.waitForFunction(() => (window as { __game?: { renderer?: unknown } }).__game?.renderer !== undefined, null, {
    timeout: 30_000,
  });
  return page.evaluate(() =>
    (window as unknown as { __game: { renderer: { type: number } } }).__game.renderer.type === 2 ? "webgl" : "canvas",
  );
}
