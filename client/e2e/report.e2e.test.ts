/**
 * Report or block at the table (issue #27): the toolbar's ⚑ opens the dialog at 1280x720; a table
 * of bots has nobody to report. On a phone the toolbar has no room for it (it would cover the
 * table's title): the ⚑ is hidden there. (The report itself, by seat, is covered by
 * server/test/social/keep-apart.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { chooseTable, DESKTOP, PHONE, quickPlay, screenshot, useBrowserSuite, type Viewport } from "./lib/index.ts";

const suite = useBrowserSuite();

async function openDialog(viewport: Viewport, tag: string): Promise<void> {
  const player = await suite.lobbyPlayer("Reporter", viewport);
  const { page, errors } = player;
  await chooseTable(page, { game: "devils_scat", seats: 2, bots: 1 });
  await quickPlay(page, "true", 40_000);
  if (viewport.width < 600) {
    expect(await page.isVisible('[data-testid="report-player"]')).toBe(false);
    await screenshot(page, `report/${tag}-table`);
    await player.close();
    return;
  }
  await page.click('[data-testid="report-player"]');
  await page.waitForSelector('[data-testid="report"]');
  expect(await page.textContent('[data-testid="report"]')).toContain("No other player is seated here.");
  // The toolbar still fits beside the title and Leave: the ⚑ button is fully on screen.
  const box = await page.locator('[data-testid="report-player"]').boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
  await screenshot(page, `report/${tag}-dialog`);
  await page.click('[data-testid="report-close"]');
  await screenshot(page, `report/${tag}-table`);
  expect(errors).toEqual([]);
  await player.close();
}

describe("report or block", () => {
  it("opens from the table's toolbar at 1280x720; hidden on a phone", async () => {
    await openDialog(DESKTOP, "desktop");
    await openDialog(PHONE, "phone");
  });
});
