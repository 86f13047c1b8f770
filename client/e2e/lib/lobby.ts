/** Lobby steps every game's test takes: open, pick a game and table, start. */
import type { Page } from "playwright-core";
import { waitState, type TableState } from "./page.ts";

export interface TableChoice {
  /** Room name, e.g. `dark_hearts`. */
  readonly game: string;
  readonly seats?: number;
  readonly bots?: number;
  readonly turnSeconds?: number;
  /** By variant key: checkbox true/false, select or number values. */
  readonly variants?: Readonly<Record<string, boolean | number | string>>;
}

export async function openLobby(page: Page, url: string, name: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('[data-testid="name-input"]');
  await page.fill('[data-testid="name-input"]', name);
}

/** Fills in the lobby form (the game first: it sets the seat range and variants). */
export async function chooseTable(page: Page, c: TableChoice): Promise<void> {
  // The game tiles are in the home page's Play section (another section may be open).
  if (!(await page.isVisible(`[data-testid="game-${c.game}"]`)) && (await page.locator('[data-testid="nav-play"]').count()) > 0)
    await openSection(page, "play");
  await page.click(`[data-testid="game-${c.game}"]`);
  if (c.seats !== undefined) await page.selectOption('[data-testid="seats-select"]', String(c.seats));
  if (c.bots !== undefined) await page.selectOption('[data-testid="bots-select"]', String(c.bots));
  if (c.turnSeconds !== undefined) await page.fill('[data-testid="turn-input"]', String(c.turnSeconds));
  for (const [key, value] of Object.entries(c.variants ?? {})) {
    const sel = `[data-testid="variant-${key}"]`;
    const tag = await page.locator(sel).evaluate((el) => el.tagName.toLowerCase() + ":" + ((el as HTMLInputElement).type ?? ""));
    if (tag === "input:checkbox") await page.setChecked(sel, value === true);
    else if (tag.startsWith("select")) await page.selectOption(sel, String(value));
    else await page.fill(sel, String(value));
  }
}

/** Quick play and wait until the table is playing (with `extra`, a further predicate over `s`). */
export async function quickPlay(page: Page, extra = "true", timeout = 30_000): Promise<TableState> {
  await page.click('[data-testid="quick-play"]');
  return waitState(page, `s.scene === "table" && s.status === "playing" && (${extra})`, timeout);
}

/** Opens a section of the home page by its navigation link (Play, Ranked, Learn, Watch, Profile, Friends, Settings). */
export async function openSection(
  page: Page,
  id: "play" | "ranked" | "learn" | "watch" | "profile" | "friends" | "settings",
): Promise<void> {
  await page.click(`[data-testid="nav-${id}"]`);
  await page.waitForSelector(`[data-testid="section-${id}"]:not([hidden])`);
}
