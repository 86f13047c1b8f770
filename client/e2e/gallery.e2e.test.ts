/** The `?gallery` page of shared building blocks renders without errors; screenshots for review. */
import { describe, expect, it } from "vitest";
import { clickTarget, DESKTOP, PHONE, screenshot, targets, useBrowserSuite, waitState } from "./lib/index.ts";

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

  it("shows Scatterbrain's guess grid on a phone and a desktop: 52 tiles on screen, only nameable ones enabled", async () => {
    for (const [size, name] of [
      [PHONE, "04-guess-grid-phone"],
      [DESKTOP, "05-guess-grid-desktop"],
    ] as const) {
      const p = await suite.player(size);
      await p.page.goto(`${suite.server.url}/?gallery=guess`);
      const s = await waitState(p.page, `s.scene === "gallery" && s.gallery === "guess"`);
      const nameable = s["nameable"] as string[];
      const tiles = (await targets(p.page)).filter((t) => t.id.startsWith("guess:"));
      expect(tiles).toHaveLength(52);
      for (const t of tiles) {
        // Whole tile on screen and big enough to tap.
        expect(t.x - t.w / 2 >= 0 && t.x + t.w / 2 <= size.width && t.y - t.h / 2 >= 0 && t.y + t.h / 2 <= size.height, t.id).toBe(true);
        expect(Math.min(t.w, t.h), t.id).toBeGreaterThanOrEqual(40);
      }
      expect(
        tiles
          .filter((t) => t.enabled)
          .map((t) => t.id.slice(6))
          .sort(),
      ).toEqual([...nameable].sort());
      const pass = (await targets(p.page)).find((t) => t.id === "button:skip-guess");
      expect(pass && pass.y + pass.h / 2 <= size.height).toBe(true);
      // A disabled tile does nothing; an enabled one is picked.
      const off = tiles.find((t) => !t.enabled);
      if (off) await p.page.mouse.click(off.x, off.y);
      expect((await waitState(p.page, "true"))["picked"]).toBeNull();
      await clickTarget(p.page, `guess:${nameable[0]}`);
      await waitState(p.page, `s.picked === ${JSON.stringify(nameable[0])}`);
      await p.page.waitForTimeout(300);
      await screenshot(p.page, `gallery/${name}`);
      expect(p.errors).toEqual([]);
    }
  });
});
