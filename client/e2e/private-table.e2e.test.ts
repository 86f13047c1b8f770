/**
 * A private table waits for the people it was made for, in two browsers. "Create private table"
 * with the lobby's defaults (3 players, 2 bots) used to seat the bots at once and start, so the
 * friend who opened the link was told "Every seat at that table is taken". Now the seats stay
 * open until the host presses "Fill with bots and start"; the link's banner says the table as it
 * is (players, open seats, the game's target); a link to a full table says so before any name is
 * asked; the waiting header names the table's own target; the inviter's dialog closes when the
 * game starts and the invitee's Join card goes once they sit at that table.
 * Screenshots: e2e/screenshots/private-table/.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { canvasTexts } from "./lib/canvas-text.ts";
import { chooseTable, DESKTOP, openLobby, PHONE, screenshot, state, useBrowserSuite, waitState } from "./lib/index.ts";

// E2E_CLIENT_DIST: another build of the client (the one before a fix, to see these tests fail on it).
const suite = useBrowserSuite(process.env["E2E_CLIENT_DIST"] ? { CLIENT_DIST: process.env["E2E_CLIENT_DIST"] } : {});
const shot = (page: Page, name: string): Promise<string> => screenshot(page, `private-table/${name}`);

/** The canvas line that names the game's length ("Game to 10"), once it shows. */
async function targetLine(page: Page): Promise<string> {
  const end = Date.now() + 10_000;
  for (;;) {
    const line = (await canvasTexts(page)).find((t) => /Game to \d+/.test(t.text))?.text;
    if (line !== undefined || Date.now() > end) return line ?? '(no "Game to" line)';
    await page.waitForTimeout(100);
  }
}

/** A saved account made through the API (not the lobby, which would make a guest of its own meanwhile). */
async function saved(page: Page, name: string, username: string): Promise<string> {
  await page.goto(`${suite.server.url}/health`);
  return page.evaluate(
    async ([n, u]) => {
      const post = (path: string, body: unknown) =>
        fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      await post("/api/accounts/guest", { name: n });
      const r = await post("/api/accounts/register", { username: u, password: "lantern orbit meadow copper" });
      return ((await r.json()) as { player: { id: string } }).player.id;
    },
    [name, username] as const,
  );
}

describe("a private table", () => {
  it("made with the lobby's defaults waits for the invited friend; the host fills with bots and starts", async () => {
    const host = await suite.lobbyPlayer("Hana", DESKTOP);
    // The lobby's defaults: 3 players, 2 bots. A game to 10.
    await chooseTable(host.page, { game: "hit_the_deck", variants: { target: 10 } });
    expect(await host.page.inputValue('[data-testid="bots-select"]')).toBe("2");
    await host.page.click('[data-testid="create-private"]');
    const made = await waitState(host.page, `s.scene === "table" && (s.seats || []).length === 3`);
    expect(made.seats?.filter((x) => x.occupied).length, "seats taken at a new private table").toBe(1);
    expect(made.status).toBe("waiting");
    const code = made.roomId ?? "";
    // The waiting header names this table's target, not the game's default.
    expect(await targetLine(host.page)).toContain("Game to 10");
    const link = await host.page.inputValue('[data-testid="invite-link"]');
    await shot(host.page, "01-host-waits-desktop");

    // The friend's first visit: the banner says the table as it is before asking a name.
    const friend = await suite.player(PHONE);
    await friend.page.goto(link);
    await friend.page.waitForFunction(() => document.querySelector('[data-testid="lobby-invite"]')?.textContent?.includes("Hit the Deck"));
    const banner = (await friend.page.textContent('[data-testid="lobby-invite"]')) ?? "";
    expect(banner).toContain(code);
    expect(banner).toContain("3 players");
    expect(banner).toContain("2 seats open");
    expect(banner).toContain("game to 10");
    await shot(friend.page, "02-friend-invite-phone");
    await friend.page.fill('[data-testid="name-input"]', "Finn");
    await friend.page.press('[data-testid="name-input"]', "Enter");
    const seated = await waitState(friend.page, `s.scene === "table" && s.mySeat !== null`);
    expect(seated.roomId).toBe(code);

    // The host sees who came, and the table still waits for the host's word.
    await host.page.waitForFunction(() => document.querySelector('[data-testid="seat-list"]')?.textContent?.includes("Finn"));
    expect((await state(host.page)).status).toBe("waiting");
    await shot(host.page, "03-host-sees-friend-desktop");
    // On the phone the code's Copy button stays inside the waiting panel (it was cut at the right).
    const copy = await friend.page.evaluate(() => {
      const p = document.querySelector('[data-testid="waiting"]')!.getBoundingClientRect();
      const b = document.querySelector('[data-testid="copy-code"]')!.getBoundingClientRect();
      return { right: Math.round(b.right), inside: Math.round(p.right - 2) };
    });
    expect(copy.right, "the code's Copy button's right edge").toBeLessThanOrEqual(copy.inside);
    // Starting is the host's choice: the friend is told who starts, and has no button for it.
    expect(await friend.page.textContent('[data-testid="waiting-missing"]')).toContain("The host starts the game");
    expect(await friend.page.isVisible('[data-testid="fill-bots"]')).toBe(false);
    expect(await host.page.isVisible('[data-testid="fill-bots"]')).toBe(true);
    await shot(friend.page, "04-friend-waits-phone");
    await host.page.click('[data-testid="fill-bots"]');
    const playing = await waitState(host.page, `s.status === "playing"`);
    expect(
      playing.seats
        ?.filter((x) => x.occupied && !x.isBot)
        .map((x) => x.name)
        .sort(),
    ).toEqual(["Finn", "Hana"]);
    expect(playing.seats?.filter((x) => x.isBot).length).toBe(1);
    await waitState(friend.page, `s.status === "playing"`);
    expect([...host.errors, ...friend.errors]).toEqual([]);
    await Promise.all([host.close(), friend.close()]);
  });

  it("an invite link to a full table says so before asking a name, and offers to watch", async () => {
    const host = await suite.lobbyPlayer("Hugo", DESKTOP);
    await chooseTable(host.page, { game: "devils_scat", seats: 2, bots: 1, turnSeconds: 60 });
    await host.page.click('[data-testid="quick-play"]');
    const playing = await waitState(host.page, `s.scene === "table" && s.status === "playing"`);
    const friend = await suite.player(PHONE);
    await friend.page.goto(`${suite.server.url}/?table=${playing.roomId ?? ""}`);
    await friend.page.waitForFunction(() => document.querySelector('[data-testid="lobby-invite"]')?.textContent?.includes("Devil's Scat"));
    const banner = (await friend.page.textContent('[data-testid="lobby-invite"]')) ?? "";
    expect(banner).toContain("Every seat at that table is taken");
    expect(banner).not.toContain("press Join");
    // The way on is Watch, right in the banner; nothing asks for a name.
    expect(await friend.page.isVisible('[data-testid="lobby-invite"] [data-testid="invite-watch-instead"]')).toBe(true);
    expect(await friend.page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).not.toBe("name-input");
    await shot(friend.page, "05-full-table-link-phone");
    await friend.page.click('[data-testid="invite-watch-instead"]');
    const watching = await waitState(friend.page, `s.scene === "table" && s.watching === true`);
    expect(watching.roomId).toBe(playing.roomId);
    expect([...host.errors, ...friend.errors]).toEqual([]);
    await Promise.all([host.close(), friend.close()]);
  });

  it("the inviter's dialog closes when the game starts; the invitee's Join cards go once seated", async () => {
    const ann = await suite.player(DESKTOP);
    const ben = await suite.player(PHONE);
    const [annId, benId] = await Promise.all([saved(ann.page, "Ann", "ann_private"), saved(ben.page, "Ben", "ben_private")]);
    // Friends through the API (friends.e2e.test.ts does it through the lobby).
    const asked = await ann.page.evaluate(() =>
      fetch("/api/friends/requests", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "ben_private" }),
      }).then((r) => r.status),
    );
    expect(asked).toBe(201);
    const accepted = await ben.page.evaluate(
      (id) =>
        fetch(`/api/friends/requests/${id}/accept`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }).then(
          (r) => r.status,
        ),
      annId,
    );
    expect(accepted).toBe(200);

    await openLobby(ben.page, suite.server.url, "Ben");
    await openLobby(ann.page, suite.server.url, "Ann");
    await chooseTable(ann.page, { game: "devils_scat", seats: 2, turnSeconds: 60 });
    await ann.page.click('[data-testid="create-private"]');
    const table = await waitState(ann.page, `s.scene === "table" && s.status === "waiting" && s.mySeat !== null`);
    const code = table.roomId ?? "";

    await ann.page.click('[data-testid="invite-friends"]');
    await ann.page.click('[data-testid="invite-friend-ben_private"]');
    await ann.page.waitForFunction(() => document.querySelector('[data-testid="invite-note"]')?.textContent?.includes("Invited Ben"));
    await ben.page.waitForSelector('[data-testid="friend-invite"]', { timeout: 15_000 });
    // A second invitation to the same table replaces the first: Ben is left one card, not two.
    const again = await ann.page.evaluate(
      ([id, room]) =>
        fetch("/api/friends/invites", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ friendId: id, roomId: room }),
        }).then((r) => r.status),
      [benId, code] as const,
    );
    expect(again).toBe(201);
    // The next ping brings the new invitation: the first card goes, or a second one joins it.
    const first = await ben.page.$('[data-testid="friend-invite"]');
    await ben.page.waitForFunction(
      (card) => !card?.isConnected || document.querySelectorAll('[data-testid="friend-invite"]').length > 1,
      first,
      { timeout: 15_000 },
    );
    await ben.page.waitForSelector('[data-testid="friend-invite"]');
    expect.soft(await ben.page.locator('[data-testid="friend-invite"]').count(), "Join cards for one table").toBe(1);
    await shot(ben.page, "06-one-card-phone");

    // Ben comes by the code instead of the card: seated there, the card has done its work.
    await ben.page.fill('[data-testid="join-code"]', code);
    await ben.page.click('[data-testid="join-by-code"]');
    await waitState(ben.page, `s.scene === "table" && s.status === "playing" && s.mySeat !== null`);
    const gone = (page: Page, testid: string): Promise<boolean> =>
      page
        .waitForFunction((t) => document.querySelector(`[data-testid="${t}"]`) === null, testid, { timeout: 5_000 })
        .then(
          () => true,
          () => false,
        );
    expect.soft(await gone(ben.page, "friend-invite"), "Ben's Join card gone once he sits at that table").toBe(true);
    // Ann's dialog closed as the game began: nothing lies over the table.
    await waitState(ann.page, `s.status === "playing"`);
    expect.soft(await gone(ann.page, "invite-dialog"), "Ann's invite dialog closed as the game began").toBe(true);
    await shot(ann.page, "07-started-no-dialog-desktop");
    await shot(ben.page, "08-started-no-card-phone");
    expect([...ann.errors, ...ben.errors]).toEqual([]);
    await Promise.all([ann.close(), ben.close()]);
  });
});
