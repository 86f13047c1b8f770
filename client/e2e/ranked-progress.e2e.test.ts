/**
 * The way to ranked play is shown before any click (docs/API.md, "Ranked progress"): a newcomer's
 * lobby says "0 of 3 casual games finished" and which games count, beside the Ranked buttons,
 * without pressing one; the own profile has a casual game history (empty at first). The board's
 * provisional list after a rated game is checked in ranked.e2e.test.ts.
 */
import { describe, expect, it } from "vitest";
import { openLobby, openSection, useBrowserSuite } from "./lib/index.ts";

const suite = useBrowserSuite();

describe("ranked progress", () => {
  it("shows n of 3 casual games and the rule before any click, and the profile's casual history", async () => {
    const ann = await suite.player();
    ann.page.setDefaultNavigationTimeout(90_000);
    await openLobby(ann.page, suite.server.url, "Ann");
    await openSection(ann.page, "ranked");
    const count = await ann.page.waitForSelector('[data-testid="ranked-progress-count"]', { timeout: 60_000 });
    expect(await count.textContent()).toBe("0 of 3 casual games finished before ranked play.");
    expect(await ann.page.textContent('[data-testid="ranked-progress-rule"]')).toMatch(/counts when you play it to the end/);
    // Shown before the Ranked buttons, so it is read before one is pressed.
    const order = await ann.page.evaluate(() => {
      const p = document.querySelector('[data-testid="ranked-progress"]')!;
      const b = document.querySelector('[data-testid="ranked-buttons"]')!;
      return p.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING;
    });
    expect(order).toBeTruthy();
    expect(await ann.page.textContent('[data-testid="account-error"]')).toBe("");

    await openSection(ann.page, "profile");
    await ann.page.click('[data-testid="open-profile"]');
    await ann.page.waitForSelector('[data-testid="casual-history-note"]:has-text("No casual games recorded yet.")', { timeout: 30_000 });
    expect(ann.errors).toEqual([]);
  }, 180_000);
});
