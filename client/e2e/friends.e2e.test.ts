/**
 * Friends and invitations in the real client: two browsers, a desktop
 * and a phone, each a saved account. Ann adds Ben by username; Ben accepts in his lobby. Ben
 * waits at a table of his own; Ann, at her table, invites him from the toolbar's Invite button;
 * the invitation shows over Ben's table (clear of its toolbar and chat), and Join takes him from
 * his table to Ann's. On the phone, Invite sits beside the collapsed chat, not in the toolbar.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { chooseTable, DESKTOP, openLobby, openSection, PHONE, screenshot, useBrowserSuite, waitState } from "./lib/index.ts";

const suite = useBrowserSuite();

async function saved(page: Page, url: string, name: string, username: string): Promise<void> {
  // Not the lobby: it would make a guest account of its own meanwhile.
  await page.goto(`${url}/health`);
  const made = await page.evaluate(
    async ([n, u]) => {
      const post = (path: string, body: unknown) =>
        fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.status);
      return [
        await post("/api/accounts/guest", { name: n }),
        await post("/api/accounts/register", { username: u, password: "lantern orbit meadow copper" }),
      ];
    },
    [name, username] as const,
  );
  expect(made).toEqual([201, 200]);
}

/** The boxes of two elements do not overlap. */
async function apart(page: Page, a: string, b: string): Promise<boolean> {
  return page.evaluate(
    ([x, y]) => {
      const r = document.querySelector(x)?.getBoundingClientRect();
      const s = document.querySelector(y)?.getBoundingClientRect();
      if (!r || !s) return true;
      return r.right <= s.left || s.right <= r.left || r.bottom <= s.top || s.bottom <= r.top;
    },
    [a, b] as const,
  );
}

describe("friends", () => {
  it("adds a friend, accepts, invites from the table, and the friend joins from another table", async () => {
    const ann = await suite.player(DESKTOP);
    const ben = await suite.player(PHONE);
    await Promise.all([saved(ann.page, suite.server.url, "Ann", "ann_friend"), saved(ben.page, suite.server.url, "Ben", "ben_friend")]);

    await openLobby(ann.page, suite.server.url, "Ann");
    await openSection(ann.page, "friends");
    await ann.page.fill('[data-testid="friend-username"]', "ben_friend");
    // Enter in the field adds the friend: it does not submit the lobby form (Quick play) around it.
    await ann.page.press('[data-testid="friend-username"]', "Enter");
    await ann.page.waitForSelector('[data-testid="friend-outgoing"]');
    expect(await ann.page.textContent('[data-testid="friends-note"]')).toContain("Asked @ben_friend");
    expect((await waitState(ann.page, "true")).scene).toBe("lobby");
    await screenshot(ann.page, "friends/01-desktop-lobby-request");

    await openLobby(ben.page, suite.server.url, "Ben");
    await openSection(ben.page, "friends");
    await ben.page.click('[data-testid="accept-ann_friend"]');
    await ben.page.waitForSelector('[data-testid="friend"][data-username="ann_friend"]');
    await screenshot(ben.page, "friends/02-phone-lobby-friends");

    // Ben waits at a table of his own; Ann makes hers.
    await chooseTable(ben.page, { game: "devils_scat", seats: 2, bots: 0 });
    await ben.page.click('[data-testid="create-private"]');
    const bens = await waitState(ben.page, `s.scene === "table" && s.mySeat !== null`);
    await chooseTable(ann.page, { game: "devils_scat", seats: 2, bots: 0, turnSeconds: 60 });
    await ann.page.click('[data-testid="create-private"]');
    const anns = await waitState(ann.page, `s.scene === "table" && s.status === "waiting" && s.mySeat !== null`);
    expect(anns.roomId).not.toBe(bens.roomId);

    await ann.page.click('[data-testid="invite-friends"]');
    await ann.page.click('[data-testid="invite-friend-ben_friend"]');
    await ann.page.waitForFunction(() => document.querySelector('[data-testid="invite-note"]')?.textContent?.includes("Invited Ben"));
    await screenshot(ann.page, "friends/03-desktop-invite-dialog");
    await ann.page.click('[data-testid="invite-dialog-close"]');

    // On Ben's phone: Invite beside the chat, not in the toolbar (no room beside the title there).
    expect(await ben.page.isVisible('[data-testid="invite-friends"]')).toBe(false);
    expect(await ben.page.isVisible('[data-testid="invite-friends-phone"]')).toBe(true);
    expect(await apart(ben.page, '[data-testid="invite-friends-phone"]', '[data-testid="chat-panel"]')).toBe(true);
    // Within one ping (5 s) the invitation shows over Ben's table, clear of its toolbar and chat.
    await ben.page.waitForSelector('[data-testid="friend-invite"]', { timeout: 10_000 });
    expect(await ben.page.textContent('[data-testid="friend-invite"]')).toContain("Ann (@ann_friend) invites you to Devil's Scat");
    expect(await apart(ben.page, '[data-testid="friend-invite"]', '[data-testid="toolbar"]')).toBe(true);
    expect(await apart(ben.page, '[data-testid="friend-invite"]', '[data-testid="chat-panel"]')).toBe(true);
    await screenshot(ben.page, "friends/04-phone-invite-at-table");

    await ben.page.click('[data-testid="invite-join"]');
    const joined = await waitState(ben.page, `s.scene === "table" && s.mySeat !== null && s.roomId === ${JSON.stringify(anns.roomId)}`);
    expect(joined.roomId).toBe(anns.roomId);
    await waitState(ann.page, `s.scene === "table" && s.status === "playing"`);
    expect(await ben.page.$('[data-testid="friend-invite"]')).toBeNull();
    await ann.close();
    await ben.close();
  });
});
