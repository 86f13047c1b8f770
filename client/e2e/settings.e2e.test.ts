/**
 * The Settings page: a guest's choices kept in this browser (chat, motion, keyboard table, bot
 * strength, sound), each saying beside its control that it was kept; a saved account's choices
 * follow it to another browser (`settings` in /api/me/preferences); the display name renamed
 * with a confirmation beside its button; the blocked players listed, each with Unblock (asked
 * first), after which the server's list is empty.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DESKTOP, PHONE, screenshot, useBrowserSuite, type Player } from "./lib/index.ts";

const suite = useBrowserSuite();
const PASSWORD = "lantern orbit meadow copper";

async function openSettings(page: Page, url: string): Promise<void> {
  // A query of its own: a real load (only a hash after the same address would not reload the page).
  await page.goto(`${url}/?settings#settings`);
  await page.waitForFunction(() => /Playing as/.test(document.querySelector('[data-testid="account-status"]')?.textContent ?? ""), null, {
    timeout: 60_000,
  });
  await page.waitForSelector('[data-testid="settings-chat"]');
}

async function savedPlayer(name: string, user: string, viewport = DESKTOP): Promise<Player> {
  const p = await suite.player(viewport);
  await p.page.goto(suite.server.url);
  // A cold server makes its first account slowly (18 s seen on a busy machine).
  await p.page.waitForFunction(
    () => (document.querySelector('[data-testid="account-panel"]') as HTMLElement | null)?.dataset["player"],
    null,
    { polling: 50, timeout: 90_000 },
  );
  const made = await p.page.evaluate(
    async ([n, u, pw]) => {
      const post = (path: string, body: unknown) =>
        fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.status);
      return [await post("/api/accounts/guest", { name: n }), await post("/api/accounts/register", { username: u, password: pw })];
    },
    [name, user, PASSWORD],
  );
  expect(made).toEqual([201, 200]);
  return p;
}

const status = (page: Page, id: string) =>
  page
    .waitForFunction((t) => !["", "Saving…"].includes(document.querySelector(`[data-testid="${t}-status"]`)?.textContent ?? ""), id)
    .then(() => page.textContent(`[data-testid="${id}-status"]`));

describe("settings", () => {
  it("keeps a guest's choices in this browser and says so beside each control", async () => {
    const p = await suite.player(PHONE);
    const { page } = p;
    await openSettings(page, suite.server.url);
    await page.selectOption('[data-testid="settings-chat"]', "phrases");
    expect(await status(page, "settings-chat")).toBe("Saved on this device");
    await page.selectOption('[data-testid="settings-motion"]', "reduce");
    expect(await page.getAttribute("html", "data-motion")).toBe("reduce");
    await page.selectOption('[data-testid="settings-keyboard"]', "off");
    await page.selectOption('[data-testid="settings-bot-strength"]', "easy");
    await page.selectOption('[data-testid="settings-sound"]', "off");
    expect(await page.textContent('[data-testid="blocked-note"]')).toContain("Saved accounts can block");
    await screenshot(page, "settings/phone-guest");
    await page.reload();
    await page.waitForSelector('[data-testid="settings-chat"]');
    expect(await page.inputValue('[data-testid="settings-chat"]')).toBe("phrases");
    expect(await page.inputValue('[data-testid="settings-motion"]')).toBe("reduce");
    expect(await page.inputValue('[data-testid="settings-keyboard"]')).toBe("off");
    expect(await page.inputValue('[data-testid="settings-bot-strength"]')).toBe("easy");
    expect(await page.inputValue('[data-testid="settings-sound"]')).toBe("off");
    expect(await page.getAttribute("html", "data-motion")).toBe("reduce");
    // The table's own controls read the same settings (the keyboard table's and the bots').
    expect(
      await page.evaluate(() => [localStorage.getItem("scat.keyboardTable"), JSON.parse(localStorage.getItem("scat.sound") ?? "{}").muted]),
    ).toEqual(["off", true]);
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it("follows a saved account to another browser, renames it with a confirmation, and lists blocks with Unblock", async () => {
    const ann = await savedPlayer("Ann", "ann_settings");
    const bea = await savedPlayer("Bea", "bea_settings");
    await openSettings(ann.page, suite.server.url);
    await ann.page.selectOption('[data-testid="settings-chat"]', "off");
    expect(await status(ann.page, "settings-chat")).toBe("Saved to your account");
    await ann.page.selectOption('[data-testid="settings-bot-strength"]', "strong");
    await ann.page.waitForFunction(
      () => document.querySelector('[data-testid="settings-bot-strength-status"]')?.textContent === "Saved to your account",
    );

    // The display name: the confirmation beside its button, and the Play section's field follows.
    await ann.page.fill('[data-testid="settings-name"]', "Annie");
    await ann.page.click('[data-testid="settings-name-save"]');
    await ann.page.waitForFunction(
      () => document.querySelector('[data-testid="settings-name-status"]')?.textContent === "Saved: you play as Annie",
    );
    expect(await ann.page.inputValue('[data-testid="name-input"]')).toBe("Annie");
    const save = (await ann.page.locator('[data-testid="settings-name-save"]').boundingBox())!;
    const said = (await ann.page.locator('[data-testid="settings-name-status"]').boundingBox())!;
    expect(Math.abs(said.y + said.height / 2 - (save.y + save.height / 2)) < 40 || said.y - (save.y + save.height) < 40).toBe(true);

    // Another browser signed in to the same account gets the same settings.
    const other = await suite.player(DESKTOP);
    await other.page.goto(suite.server.url);
    await other.page.waitForFunction(() => /Playing as/.test(document.querySelector('[data-testid="account-status"]')?.textContent ?? ""));
    expect(
      await other.page.evaluate(
        async (pw) =>
          (
            await fetch("/api/accounts/sign-in", {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ username: "ann_settings", password: pw }),
            })
          ).status,
        PASSWORD,
      ),
    ).toBe(200);
    await openSettings(other.page, suite.server.url);
    await other.page.waitForFunction(
      () => (document.querySelector('[data-testid="settings-chat"]') as HTMLSelectElement | null)?.value === "off",
    );
    expect(await other.page.inputValue('[data-testid="settings-bot-strength"]')).toBe("strong");
    expect(await other.page.inputValue('[data-testid="settings-name"]')).toBe("Annie");

    // Blocks: Ann blocks Bea (as the table's Block does), the list shows her with Unblock.
    await bea.page.reload();
    await bea.page.waitForFunction(() => /@bea_settings/.test(document.querySelector('[data-testid="account-status"]')?.textContent ?? ""));
    const beaId = await bea.page.evaluate(() => (document.querySelector('[data-testid="account-panel"]') as HTMLElement).dataset["player"]);
    expect(
      await ann.page.evaluate(
        async (id) =>
          (
            await fetch("/api/blocks", {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ playerId: id }),
            })
          ).status,
        beaId,
      ),
    ).toBe(201);
    await ann.page.click('[data-testid="nav-play"]');
    await ann.page.click('[data-testid="nav-settings"]');
    await ann.page.waitForSelector(`[data-testid="unblock-${beaId}"]`);
    expect(await ann.page.textContent('[data-testid="blocked-list"]')).toContain("Bea");
    await screenshot(ann.page, "settings/desktop-blocked");
    await ann.page.click(`[data-testid="unblock-${beaId}"]`);
    await ann.page.waitForSelector('[data-testid="confirm"]');
    await ann.page.click('[data-testid="confirm-yes"]');
    await ann.page.waitForFunction(() => document.querySelector('[data-testid="blocked-status"]')?.textContent === "Bea is unblocked.");
    expect(await ann.page.locator(`[data-testid="blocked-${beaId}"]`).count()).toBe(0);
    expect(await ann.page.evaluate(async () => (await (await fetch("/api/blocks")).json()).blocked)).toEqual([]);
    expect([...ann.errors, ...bea.errors, ...other.errors]).toEqual([]);
    for (const p of [ann, bea, other]) await p.close();
  });
});
