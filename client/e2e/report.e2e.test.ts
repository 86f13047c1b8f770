/**
 * Report or block at the table. At 1280x720 the toolbar's ⚑ opens the dialog (a table
 * of bots has nobody to report). On a 390x844 phone the toolbar has no room for ⚑: it is in the
 * "⋯" menu, reached by Tab and opened with Enter; two saved accounts play, the phone player
 * reports the other (the server's answer comes as a toast) and blocks them, after which their
 * chat no longer reaches the phone. (Reports by seat are also covered by
 * server/test/social/keep-apart.test.ts.)
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  chooseTable,
  DESKTOP,
  openLobby,
  PHONE,
  quickPlay,
  screenshot,
  useBrowserSuite,
  waitState,
  type Player,
  type Viewport,
} from "./lib/index.ts";

const suite = useBrowserSuite();

/** A player with a saved account named `name` (username `user`), in the lobby. */
async function savedPlayer(name: string, user: string, viewport: Viewport): Promise<Player> {
  const p = await suite.player(viewport);
  await p.page.goto(suite.server.url);
  // The page makes its own guest account on a first visit: wait for it before making ours.
  await p.page.waitForFunction(
    () => (document.querySelector('[data-testid="account-panel"]') as HTMLElement | null)?.dataset["player"],
    null,
    { polling: 50 },
  );
  const made = await p.page.evaluate(
    async ([n, u]) => {
      const post = (path: string, body: unknown) =>
        fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.status);
      return [
        await post("/api/accounts/guest", { name: n }),
        await post("/api/accounts/register", { username: u, password: "lantern orbit meadow copper" }),
      ];
    },
    [name, user],
  );
  expect(made).toEqual([201, 200]);
  await openLobby(p.page, suite.server.url, name);
  return p;
}

const chatHas = (page: Page, text: string) =>
  page.evaluate((t) => document.querySelector('[data-testid="chat-log"]')?.textContent?.includes(t) ?? false, text);
const waitChat = (page: Page, text: string) =>
  page.waitForFunction((t) => document.querySelector('[data-testid="chat-log"]')?.textContent?.includes(t), text, { timeout: 15_000 });
const waitToast = (page: Page, start: string) => waitState(page, `s.toasts.some(t => t.startsWith(${JSON.stringify(start)}))`, 15_000);

/** Tab from the page until the phone toolbar's ⋯ has focus (the keyboard path to it). */
async function tabTo(page: Page, testid: string): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((id) => (document.activeElement as HTMLElement | null)?.dataset["testid"] === id, testid)) return;
  }
  throw new Error(`Tab never reached ${testid}`);
}

describe("report or block", () => {
  it("opens from the table's toolbar at 1280x720", async () => {
    const player = await suite.lobbyPlayer("Reporter", DESKTOP);
    const { page, errors } = player;
    await chooseTable(page, { game: "devils_scat", seats: 2, bots: 1 });
    await quickPlay(page, "true", 40_000);
    expect(await page.isVisible('[data-testid="table-more"]')).toBe(false);
    await page.click('[data-testid="report-player"]');
    await page.waitForSelector('[data-testid="report"]');
    expect(await page.textContent('[data-testid="report"]')).toContain("No other player is seated here.");
    // The toolbar still fits beside the title and Leave: the ⚑ button is fully on screen.
    const box = await page.locator('[data-testid="report-player"]').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= DESKTOP.width).toBe(true);
    await screenshot(page, "report/desktop-dialog");
    await page.click('[data-testid="report-close"]');
    await screenshot(page, "report/desktop-table");
    expect(errors).toEqual([]);
    await player.close();
  });

  it("on a phone: ⋯ (by keyboard) > Report or block; the report is sent and the block mutes their chat", async () => {
    const ann = await savedPlayer("Ann", "ann_reports", PHONE);
    await chooseTable(ann.page, { game: "devils_scat", seats: 2, bots: 0, turnSeconds: 60 });
    await ann.page.click('[data-testid="create-private"]');
    const waiting = await waitState(ann.page, `s.scene === "table" && s.status === "waiting" && s.mySeat !== null`);
    const bea = await savedPlayer("Bea", "bea_reported", DESKTOP);
    await bea.page.fill('[data-testid="join-code"]', waiting.roomId ?? "");
    await bea.page.click('[data-testid="join-by-code"]');
    await Promise.all([ann, bea].map((p) => waitState(p.page, `s.scene === "table" && s.status === "playing"`, 30_000)));

    // Before the block, Bea's chat reaches Ann.
    await bea.page.click('[data-testid="chat-toggle"]');
    await bea.page.click('[data-testid="chat-phrase-gg"]');
    await waitChat(ann.page, "Bea: Good game");

    // The phone's toolbar: no ⚑, a labelled ⋯ reached by Tab; Enter opens its menu.
    expect(await ann.page.isVisible('[data-testid="report-player"]')).toBe(false);
    expect(await ann.page.getAttribute('[data-testid="table-more"]', "aria-label")).toBe("More: table link, report or block");
    await tabTo(ann.page, "table-more");
    await ann.page.keyboard.press("Enter");
    await ann.page.waitForSelector('[data-testid="table-menu"]:not([hidden])');
    expect(await ann.page.getAttribute('[data-testid="table-more"]', "aria-expanded")).toBe("true");
    const item = await ann.page.locator('[data-testid="menu-report-player"]').boundingBox();
    expect(item!.height).toBeGreaterThanOrEqual(40);
    expect(item!.x >= 0 && item!.x + item!.width <= PHONE.width).toBe(true);
    await screenshot(ann.page, "report/phone-menu");
    // Escape closes it and gives focus back to ⋯; Enter again, then Tab to the report item.
    await ann.page.keyboard.press("Escape");
    expect(await ann.page.isVisible('[data-testid="table-menu"]')).toBe(false);
    expect(await ann.page.evaluate(() => (document.activeElement as HTMLElement).dataset["testid"])).toBe("table-more");
    await ann.page.keyboard.press("Enter");
    await ann.page.keyboard.press("Tab");
    expect(await ann.page.evaluate(() => (document.activeElement as HTMLElement).dataset["testid"])).toBe("menu-report-player");
    await ann.page.keyboard.press("Enter");
    await ann.page.waitForSelector('[data-testid="report-seat"]');
    expect(await ann.page.evaluate(() => (document.activeElement as HTMLElement).dataset["testid"])).toBe("report-seat");
    expect(await ann.page.textContent('[data-testid="report-seat"]')).toBe("Bea");
    await ann.page.selectOption('[data-testid="report-reason"]', "abusive-chat");
    await ann.page.fill('[data-testid="report-note"]', "Rude in chat");
    const dialog = await ann.page.locator('[data-testid="report"]').boundingBox();
    expect(dialog!.x >= 0 && dialog!.x + dialog!.width <= PHONE.width).toBe(true);
    await screenshot(ann.page, "report/phone-dialog");
    await ann.page.click('[data-testid="report-send"]');
    await waitToast(ann.page, "Report on Bea sent to the operators");
    // The dialog stays open to say the report was received (block-report.e2e.test.ts): closed here.
    await ann.page.click('[data-testid="report-close"]');

    // Block (by touch this time): the server confirms, and Bea's chat no longer reaches Ann.
    await ann.page.click('[data-testid="table-more"]');
    await ann.page.click('[data-testid="menu-report-player"]');
    await ann.page.click('[data-testid="block-send"]');
    // Block asks first, saying what it does (block-report.e2e.test.ts).
    await ann.page.click('[data-testid="block-confirm"]');
    await waitToast(ann.page, "Bea is blocked");
    await ann.page.click('[data-testid="report-close"]');
    await screenshot(ann.page, "report/phone-blocked");
    await bea.page.click('[data-testid="chat-phrase-thanks"]');
    await waitChat(bea.page, "Bea: Thanks");
    // Ann's own line comes after Bea's on the server, on the same connection to Ann.
    await ann.page.click('[data-testid="chat-toggle"]');
    await ann.page.click('[data-testid="chat-phrase-oops"]');
    await waitChat(ann.page, "Ann: Oops");
    expect(await chatHas(ann.page, "Bea: Thanks")).toBe(false);
    expect([...ann.errors, ...bea.errors]).toEqual([]);
    await ann.close();
    await bea.close();
  });
});
