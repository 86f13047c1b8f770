/**
 * Names without typing: a first-time visitor presses Quick play with the name field empty (no
 * browser "Please fill out this field") and sits under a generated name ("Lucky Otter"), the name
 * its account has. A visitor who saved that account opens a friend's invitation link in another
 * browser and is seated at once under the account's name, which the friend also reads in its
 * friend request; a name typed in the lobby renames the account, and a refused one is explained
 * next to the field.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { chooseTable, DESKTOP, openSection, screenshot, useBrowserSuite, waitState } from "./lib/index.ts";

const suite = useBrowserSuite();
const GENERATED = /^[A-Z][a-z]+ [A-Z][a-z]+( \d{1,4})?$/;

/** The account this page's session belongs to. */
function me(page: Page): Promise<{ id: string; name: string; username: string | null }> {
  return page.evaluate(() =>
    fetch("/api/me")
      .then((r) => r.json())
      .then((b: { player: { id: string; name: string; username: string | null } }) => b.player),
  );
}

describe("names without typing", () => {
  it("seats a first-time visitor who presses Quick play with an empty name under a generated name", async () => {
    const p = await suite.player(DESKTOP);
    await p.page.goto(suite.server.url);
    await p.page.waitForSelector('[data-testid="name-input"]');
    await chooseTable(p.page, { game: "devils_scat", seats: 2, bots: 1 });
    expect(await p.page.inputValue('[data-testid="name-input"]').then((v) => v === "" || GENERATED.test(v))).toBe(true);
    await p.page.click('[data-testid="quick-play"]');
    const s = await waitState(p.page, `s.scene === "table" && s.mySeat !== null && !!s.seats?.[s.mySeat]?.name`, 30_000);
    const seatName = s.seats![s.mySeat!]!.name;
    expect(seatName).toMatch(GENERATED);
    expect((await me(p.page)).name).toBe(seatName);
    await screenshot(p.page, "guest-names/01-quick-play-generated-name");
    await p.close();
  });

  it("joins an invitation link under a saved account's name without asking for one, and the friend reads that name", async () => {
    // Ben: a fresh visit (a generated name), saved with a password in the lobby.
    const ben = await suite.player(DESKTOP);
    await ben.page.goto(suite.server.url);
    await ben.page.waitForFunction(() => /Playing as/.test(document.querySelector('[data-testid="account-status"]')?.textContent ?? ""));
    await openSection(ben.page, "profile");
    await ben.page.click('[data-testid="show-register"]');
    await ben.page.fill('[data-testid="register-form-username"]', "ben_names");
    await ben.page.fill('[data-testid="register-form-password"]', "lantern orbit meadow copper");
    await ben.page.click('[data-testid="register-form-submit"]');
    await ben.page.click('[data-testid="recovery-codes-done"]');
    await ben.page.waitForFunction(() => /@ben_names/.test(document.querySelector('[data-testid="account-status"]')?.textContent ?? ""));
    const bens = await me(ben.page);
    expect(bens.name).toMatch(GENERATED);
    expect(await ben.page.inputValue('[data-testid="name-input"]')).toBe(bens.name);

    // Ann: a saved account with a name of her own; Ben asks to be her friend.
    const ann = await suite.player(DESKTOP);
    await ann.page.goto(`${suite.server.url}/health`);
    const made = await ann.page.evaluate(async () => {
      const post = (path: string, body: unknown) =>
        fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.status);
      return [
        await post("/api/accounts/guest", { name: "Ann" }),
        await post("/api/accounts/register", { username: "ann_names", password: "lantern orbit meadow copper" }),
      ];
    });
    expect(made).toEqual([201, 200]);
    expect(
      await ben.page.evaluate(() =>
        fetch("/api/friends/requests", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ username: "ann_names" }),
        }).then((r) => r.status),
      ),
    ).toBe(201);

    await ann.page.goto(suite.server.url);
    await openSection(ann.page, "friends");
    await ann.page.waitForSelector('[data-testid="friend-request"]');
    expect(await ann.page.textContent('[data-testid="friend-request"]')).toContain(bens.name);
    // Ann's own name fills her field: she types nothing either.
    await ann.page.waitForFunction(() => (document.querySelector<HTMLInputElement>('[data-testid="name-input"]')?.value ?? "") === "Ann");
    await chooseTable(ann.page, { game: "devils_scat", seats: 2, bots: 0, turnSeconds: 60 });
    await ann.page.click('[data-testid="create-private"]');
    const table = await waitState(ann.page, `s.scene === "table" && s.status === "waiting" && s.mySeat !== null`);
    expect(table.seats?.[table.mySeat ?? -1]?.name).toBe("Ann");

    // Ben, in another browser, opens Ann's link: no name asked, seated under his account's name.
    await ben.page.goto(`${suite.server.url}/?table=${table.roomId}`);
    const joined = await waitState(ben.page, `s.scene === "table" && s.mySeat !== null`, 30_000);
    expect(joined.roomId).toBe(table.roomId);
    expect(joined.seats?.[joined.mySeat ?? -1]?.name).toBe(bens.name);
    const seen = await waitState(
      ann.page,
      `s.status === "playing" && (s.seats ?? []).some((x) => x.name === ${JSON.stringify(bens.name)})`,
    );
    expect(seen.seats?.map((x) => x.name).sort()).toEqual(["Ann", bens.name].sort());
    await screenshot(ben.page, "guest-names/02-invite-link-joined-by-account-name");
    await ann.close();
    await ben.close();
  });

  it("renames the account from the lobby's name field, and shows a refused name's reason beside the field", async () => {
    const p = await suite.player(DESKTOP);
    await p.page.goto(suite.server.url);
    await p.page.waitForFunction(() => /Playing as/.test(document.querySelector('[data-testid="account-status"]')?.textContent ?? ""));
    await p.page.fill('[data-testid="name-input"]', "Admin");
    await p.page.click('[data-testid="quick-play"]');
    await p.page.waitForFunction(() => (document.querySelector('[data-testid="name-error"]')?.textContent ?? "").includes("reserved"));
    expect((await waitState(p.page, "true")).scene).toBe("lobby");
    expect((await me(p.page)).name).toMatch(GENERATED);
    await screenshot(p.page, "guest-names/03-refused-name-beside-the-field");

    await p.page.fill('[data-testid="name-input"]', "Cleo");
    await chooseTable(p.page, { game: "devils_scat", seats: 2, bots: 1 });
    await p.page.click('[data-testid="quick-play"]');
    const s = await waitState(p.page, `s.scene === "table" && s.mySeat !== null && !!s.seats?.[s.mySeat]?.name`, 30_000);
    expect(s.seats![s.mySeat!]!.name).toBe("Cleo");
    expect((await me(p.page)).name).toBe("Cleo");
    await p.close();
  });
});
