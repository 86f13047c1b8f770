/**
 * Table chat in the real client: two browsers at one table, a saved account on a
 * desktop and a guest on a phone. A quick phrase and a saved account's free text reach the other
 * player; the guest's free text is refused with the server's reason; HTML is shown as text.
 */
import { describe, expect, it } from "vitest";
import { chooseTable, DESKTOP, openLobby, PHONE, screenshot, useBrowserSuite, waitState } from "./lib/index.ts";

const suite = useBrowserSuite();

describe("table chat", () => {
  it("shows a quick phrase and free text to the other player, and draws HTML as text", async () => {
    const host = await suite.player(DESKTOP);
    await host.page.goto(suite.server.url);
    // The page makes its own guest account on a first visit: wait for it, or it may land after the
    // account made below and replace it (then the name "Hana" is refused as looking like the
    // registered player's: seen 3 runs in 4).
    await host.page.waitForFunction(
      () => (document.querySelector('[data-testid="account-panel"]') as HTMLElement | null)?.dataset["player"],
      null,
      { polling: 50 },
    );
    const made = await host.page.evaluate(async () => {
      const post = (path: string, body: unknown) =>
        fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.status);
      return [
        await post("/api/accounts/guest", { name: "Hana" }),
        await post("/api/accounts/register", { username: "hana_chat", password: "lantern orbit meadow copper" }),
      ];
    });
    expect(made).toEqual([201, 200]);
    await openLobby(host.page, suite.server.url, "Hana");
    await chooseTable(host.page, { game: "devils_scat", seats: 2, bots: 0, turnSeconds: 60 });
    await host.page.click('[data-testid="create-private"]');
    const waiting = await waitState(host.page, `s.scene === "table" && s.status === "waiting" && s.mySeat !== null`);

    const friend = await suite.player(PHONE);
    await openLobby(friend.page, `${suite.server.url}/?table=${waiting.roomId}`, "Ben");
    await friend.page.click('[data-testid="join-by-code"]');
    await waitState(friend.page, `s.scene === "table" && s.status === "playing" && s.mySeat !== null`);
    await waitState(host.page, `s.scene === "table" && s.status === "playing"`);

    await friend.page.click('[data-testid="chat-toggle"]');
    await friend.page.click('[data-testid="chat-phrase-gg"]');
    await host.page.click('[data-testid="chat-toggle"]');
    await host.page.waitForFunction(() => document.querySelector('[data-testid="chat-log"]')?.textContent?.includes("Ben: Good game"));

    await host.page.fill('[data-testid="chat-input"]', "<b>nice</b> hand");
    await host.page.click('[data-testid="chat-send"]');
    await friend.page.waitForFunction(() => document.querySelector('[data-testid="chat-log"]')?.textContent?.includes("<b>nice</b> hand"));
    expect(await friend.page.$('[data-testid="chat-log"] b b')).toBeNull();

    await friend.page.fill('[data-testid="chat-input"]', "hello");
    await friend.page.click('[data-testid="chat-send"]');
    await friend.page.waitForFunction(() => document.body.textContent?.includes("saved accounts"));
    await screenshot(host.page, "chat/01-desktop-chat");
    await screenshot(friend.page, "chat/02-phone-chat");
    await host.close();
    await friend.close();
  });
});
