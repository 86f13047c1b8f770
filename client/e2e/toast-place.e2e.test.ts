/**
 * Toasts at a table cover nothing the player needs (issue 29, phones): a refused card click's toast
 * (the server's reason, "Draw a card before you discard.") at tables of 2 to 6 seats, on a 390x844
 * phone and at 1280x720, does not intersect any seat (name, score, tokens), card, pile or button:
 * every box the table lists as a test-hook target (`seat:<i>` included). Before, the stack sat
 * 64 px from the top, over the top row of seats, for 3.7 s. Also: no canvas text under the HTML
 * toolbar (Dark Hand's header ran under it on a phone). Screenshots: e2e/screenshots/toasts/.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { canvasTexts } from "./lib/canvas-text.ts";
import { chooseTable, DESKTOP, PHONE, quickPlay, screenshot, targets, useBrowserSuite, type Viewport } from "./lib/index.ts";

const suite = useBrowserSuite();

interface Rect { x: number; y: number; w: number; h: number }

/** Clicks cards the table does not take until a toast shows; its box (page px) and text. */
async function refusedToast(page: Page): Promise<Rect & { text: string }> {
  for (let i = 0; i < 30; i++) {
    const card = (await targets(page)).find((t) => t.id.startsWith("card:") && !t.enabled);
    if (card) await page.mouse.click(card.x, card.y);
    const shown = await page.waitForFunction(() => {
      const el = document.querySelector(".toast:not(.toast-out)");
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { x: r.left, y: r.top, w: r.width, h: r.height, text: el.textContent ?? "" };
    }, null, { timeout: 1500, polling: 50 }).catch(() => null);
    if (shown) return (await shown.jsonValue())!;
  }
  throw new Error("no toast after 30 refused clicks");
}

const CASES: ReadonlyArray<{ view: Viewport; label: string; game: string; seats: number }> = [
  { view: PHONE, label: "phone", game: "dark_hand", seats: 6 },
  { view: PHONE, label: "phone", game: "devils_scat", seats: 2 },
  { view: DESKTOP, label: "desktop", game: "hit_the_deck", seats: 4 },
];

describe("a toast at the table", () => {
  for (const c of CASES) {
    it(`covers no seat, card, pile or button: ${c.game}, ${c.seats} seats, ${c.label}`, async () => {
      const { page, errors, close } = await suite.lobbyPlayer("Tess", c.view);
      await chooseTable(page, { game: c.game, seats: c.seats, bots: c.seats - 1, turnSeconds: 60 });
      await quickPlay(page, "(s.hand || []).length > 0");
      const toast = await refusedToast(page);
      const boxes = (await targets(page)).map((t) => ({ id: t.id, x: t.x - t.w / 2, y: t.y - t.h / 2, w: t.w, h: t.h }));
      expect(boxes.filter((b) => b.id.startsWith("seat:")).length).toBe(c.seats - 1);
      const covered = boxes.filter((b) => b.x < toast.x + toast.w && toast.x < b.x + b.w && b.y < toast.y + toast.h && toast.y < b.y + b.h);
      await screenshot(page, `toasts/${c.label}-${c.game}-${c.seats}`);
      expect(covered.map((b) => `${b.id} at ${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.w)}x${Math.round(b.h)}`), `"${toast.text}" at ${Math.round(toast.x)},${Math.round(toast.y)} ${Math.round(toast.w)}x${Math.round(toast.h)}`).toEqual([]);
      // The first-time hint, if it is showing, keeps off them too on a phone (it sat over the top seats for 9 s).
      const hint = await page.evaluate(() => { const e = document.querySelector('[data-testid="first-hint"]:not([hidden])'); if (!e) return null; const r = e.getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width, h: r.height }; });
      if (hint && c.view === PHONE) expect(boxes.filter((b) => b.x < hint.x + hint.w && hint.x < b.x + b.w && b.y < hint.y + hint.h && hint.y < b.y + b.h).map((b) => b.id), "the first-time hint").toEqual([]);
      // On the screen, below the top bar.
      expect(toast.y).toBeGreaterThan(40);
      expect(toast.y + toast.h).toBeLessThanOrEqual(c.view.height);
      expect(toast.x).toBeGreaterThanOrEqual(0);
      expect(toast.x + toast.w).toBeLessThanOrEqual(c.view.width);
      // The table's header line stays left of the toolbar (Dark Hand's ran under ♪ ☰ on a phone).
      const bar = await page.evaluate(() => { const r = document.querySelector('[data-testid="toolbar"]')!.getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width, h: r.height }; });
      const under = (await canvasTexts(page)).filter((t) => t.x < bar.x + bar.w && bar.x < t.x + t.w && t.y < bar.y + bar.h && bar.y < t.y + t.h).map((t) => `"${t.text}" at ${Math.round(t.x)}-${Math.round(t.x + t.w)}`);
      expect(under, `toolbar at ${Math.round(bar.x)}-${Math.round(bar.x + bar.w)}`).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    }, 60_000);
  }
});
