/** The `?gallery` page of shared building blocks renders without errors; screenshots for review. */
import { describe, expect, it } from "vitest";
import { clickTarget, screenshot, useBrowserSuite, waitState } from "./lib/index.ts";

const suite = useBrowserSuite();

describe("building-block gallery", () => {
  it("shows standard and Dark cards and flips the Dark hand", async () => {
    const p = await suite.player({ width: 1400, height: 1000 });
    await p.page.goto(`${suite.server.url}/?gallery`);
    await waitState(p.page, `s.scene === "gallery" && s.shade === "light"`);
    await p.page.waitForTimeout(400);
    await screenshot(p.page, "gallery/01-light");
    await clickTarget(p.page, "button:flip-all");
    await waitState(p.page, `s.shade === "dark"`);
    await p.page.waitForTimeout(500);
    await screenshot(p.page, "gallery/02-dark");
    const card = await p.page.evaluate(() => window.__scat?.targets().find((t) => t.id.startsWith("card:")) ?? null);
    expect(card).not.toBeNull();
    if (card) await p.page.mouse.click(card.x, card.y);
    const phone = await suite.player({ width: 390, height: 844 });
    await phone.page.goto(`${suite.server.url}/?gallery`);
    await waitState(phone.page, `s.scene === "gallery"`);
    await phone.page.waitForTimeout(400);
    await screenshot(phone.page, "gallery/03-phone");
    expect(p.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
  });
});
