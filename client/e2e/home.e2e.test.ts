/**
 * The home page is a page, not one long form: a main navigation (Play, Ranked, Learn, Watch,
 * Profile, Friends, Settings) that shows one section at a time, by mouse and by keyboard, at
 * 1280x720 and on a 390x844 phone, with `aria-current` on the shown section's link and the
 * section named in the address; each game a tile whose Play now starts a table at once with no
 * name typed (the guest's generated name); a refusal said right below the button that caused
 * it; axe finds nothing serious or critical on the home and settings pages at both sizes.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { axeViolations } from "./lib/axe.ts";
import { DESKTOP, PHONE, screenshot, useBrowserSuite, waitState, type Viewport } from "./lib/index.ts";

const suite = useBrowserSuite();
const SECTIONS = ["play", "ranked", "learn", "watch", "profile", "friends", "settings"];
const GENERATED = /^[A-Z][a-z]+ [A-Z][a-z]+( \d{1,4})?$/;

async function visibleSections(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid^="section-"]')]
      .filter((el) => el.offsetParent !== null)
      .map((el) => el.dataset["testid"]!.slice(8)),
  );
}

async function inView(page: Page, sel: string, size: Viewport): Promise<boolean> {
  const box = await page.locator(sel).boundingBox();
  return !!box && box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width + 0.5 && box.y + box.height <= size.height + 0.5;
}

describe("home page", () => {
  for (const [label, size] of [
    ["1280x720", DESKTOP],
    ["390x844", PHONE],
  ] as const) {
    it(`navigates by its links at ${label}, by mouse and keyboard, with nothing serious for axe`, async () => {
      const p = await suite.player(size);
      const { page, errors } = p;
      await page.goto(suite.server.url);
      await page.waitForSelector('[data-testid="nav-play"]', { timeout: 20_000 });
      await page.waitForFunction(
        () => /Playing as/.test(document.querySelector('[data-testid="account-status"]')?.textContent ?? ""),
        null,
        { timeout: 60_000 },
      );
      expect(await page.locator('nav[aria-label="Main"] a').allTextContents()).toEqual([
        "Play",
        "Ranked",
        "Learn",
        "Watch",
        "Profile",
        "Friends",
        "Settings",
      ]);
      expect(await page.locator("main").count()).toBe(1);
      expect(await visibleSections(page)).toEqual(["play"]);
      expect(await page.getAttribute('[data-testid="nav-play"]', "aria-current")).toBe("page");
      for (const id of SECTIONS) expect(await inView(page, `[data-testid="nav-${id}"]`, size), id).toBe(true);
      // Every game's Play now is on screen without scrolling, and so is the primary Play button.
      for (const g of ["devils_scat", "skit_scat", "dark_hand", "dark_hearts", "scatterbrain", "hit_the_deck"])
        expect(await inView(page, `[data-testid="play-now-${g}"]`, size), g).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `home/${label}-play`);

      for (const id of SECTIONS) {
        await page.click(`[data-testid="nav-${id}"]`);
        expect(await visibleSections(page)).toEqual([id]);
        expect(await page.getAttribute(`[data-testid="nav-${id}"]`, "aria-current")).toBe("page");
        expect(new URL(page.url()).hash).toBe(`#${id}`);
        if (id !== "settings") await screenshot(page, `home/${label}-${id}`);
      }
      await page.waitForSelector('[data-testid="settings-chat"]');
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `home/${label}-settings`);

      // By keyboard: Tab along the links, Enter opens one and the focus goes to its heading.
      await page.focus('[data-testid="nav-play"]');
      await page.keyboard.press("Enter");
      expect(await visibleSections(page)).toEqual(["play"]);
      await page.focus('[data-testid="nav-play"]');
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset["testid"])).toBe("nav-ranked");
      await page.keyboard.press("Enter");
      expect(await visibleSections(page)).toEqual(["ranked"]);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("home-ranked-title");
      // The back button returns to the section before; an address names its section.
      await page.goBack();
      await page.waitForFunction(() => location.hash === "#play");
      expect(await visibleSections(page)).toEqual(["play"]);
      await page.goto(`${suite.server.url}/#friends`);
      await page.waitForSelector('[data-testid="nav-friends"][aria-current="page"]');
      expect(await visibleSections(page)).toEqual(["friends"]);
      expect(errors).toEqual([]);
      await p.close();
    });
  }

  it("starts a table from a tile's Play now on a phone with no name typed, under the guest's generated name", async () => {
    const p = await suite.player(PHONE);
    await p.page.goto(suite.server.url);
    await p.page.click('[data-testid="play-now-devils_scat"]');
    const s = await waitState(
      p.page,
      `s.scene === "table" && s.status === "playing" && s.mySeat !== null && !!s.seats?.[s.mySeat]?.name`,
      40_000,
    );
    expect(s.game).toBe("devils_scat");
    expect(s.seats!.filter((x) => x.isBot)).toHaveLength(s.seats!.length - 1);
    expect(s.seats![s.mySeat!]!.name).toMatch(GENERATED);
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it("says a refusal right below the button that caused it, on screen", async () => {
    const p = await suite.player(PHONE);
    const { page } = p;
    await page.goto(`${suite.server.url}/#watch`);
    await page.waitForSelector('[data-testid="watch-replay"]');
    await page.setInputFiles('[data-testid="replay-file"]', {
      name: "notes.json",
      mimeType: "application/json",
      buffer: Buffer.from("this is not a game log"),
    });
    await page.waitForFunction(() => (document.querySelector('[data-testid="lobby-error"]')?.textContent ?? "") !== "");
    const button = (await page.locator('[data-testid="watch-replay"]').boundingBox())!;
    const error = (await page.locator('[data-testid="lobby-error"]').boundingBox())!;
    expect(error.y).toBeGreaterThanOrEqual(button.y + button.height - 1);
    expect(error.y - (button.y + button.height)).toBeLessThan(60);
    expect(await inView(page, '[data-testid="lobby-error"]', PHONE)).toBe(true);
    await screenshot(page, "home/phone-error-beside-button");

    // A join by code: its refusal under the code's row.
    await page.click('[data-testid="nav-play"]');
    await page.fill('[data-testid="join-code"]', "NOPE99");
    await page.click('[data-testid="join-by-code"]');
    await page.waitForSelector('[data-testid="problem-text"]');
    const row = (await page.locator('[data-testid="join-code"]').boundingBox())!;
    const problem = (await page.locator('[data-testid="lobby-error"]').boundingBox())!;
    expect(problem.y).toBeGreaterThanOrEqual(row.y + row.height - 1);
    expect(problem.y - (row.y + row.height)).toBeLessThan(60);
    expect(await inView(page, '[data-testid="problem-text"]', PHONE)).toBe(true);
    await p.close();
  });
});
