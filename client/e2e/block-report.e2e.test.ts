/**
 * Block and report with care, at a table between two saved accounts at 1280x720: the dialog
 * shows the player's turn timer running (the game does not pause for it, and says so); Report
 * says in the dialog that it was received; Block first says what it does (their chat hidden,
 * never seated together, a friendship hidden, no invitations) and Cancel makes no block; Block
 * confirmed is said in the dialog, and the server's block list has them.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { chooseTable, DESKTOP, openLobby, screenshot, useBrowserSuite, waitState, type Player } from "./lib/index.ts";

const suite = useBrowserSuite();

async function savedPlayer(name: string, user: string): Promise<Player> {
  const p = await suite.player(DESKTOP);
  await p.page.goto(suite.server.url);
  // A cold server makes its first account slowly (18 s seen on a busy machine).
  await p.page.waitForFunction(
    () => (document.querySelector('[data-testid="account-panel"]') as HTMLElement | null)?.dataset["player"],
    null,
    { polling: 50, timeout: 90_000 },
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

const blocks = (page: Page) =>
  page.evaluate(async () => ((await (await fetch("/api/blocks")).json()) as { blocked: { name: string }[] }).blocked.map((b) => b.name));
const secondsLeft = async (page: Page): Promise<number> =>
  Number(/(\d+) s left/.exec((await page.textContent('[data-testid="dialog-turn-note"]')) ?? "")?.[1] ?? NaN);

describe("block and report with care", () => {
  it("shows the turn timer in the dialog, confirms a report, and asks before a block", async () => {
    const ann = await savedPlayer("Ann", "ann_blocks");
    await chooseTable(ann.page, { game: "devils_scat", seats: 2, bots: 0, turnSeconds: 60 });
    await ann.page.click('[data-testid="create-private"]');
    const waiting = await waitState(ann.page, `s.scene === "table" && s.status === "waiting" && s.mySeat !== null`);
    const bea = await savedPlayer("Bea", "bea_blocked");
    await bea.page.fill('[data-testid="join-code"]', waiting.roomId ?? "");
    await bea.page.click('[data-testid="join-by-code"]');
    await Promise.all([ann, bea].map((p) => waitState(p.page, `s.scene === "table" && s.status === "playing"`, 30_000)));
    // The player whose turn it is opens the dialog (the other's wait ends with the test: caught).
    const first = await Promise.race(
      [ann, bea].map((p) =>
        waitState(p.page, "(s.legal || []).length > 0", 30_000)
          .then(() => p)
          .catch(() => null),
      ),
    );
    const [me, them, theirName] = first === ann ? [ann, bea, "Bea"] : [bea, ann, "Ann"];
    const { page } = me;
    await page.click('[data-testid="report-player"]');
    await page.waitForSelector('[data-testid="dialog-turn-note"]');
    expect(await page.textContent('[data-testid="dialog-turn-note"]')).toMatch(
      /^Your turn: \d+ s left\. The game goes on while this is open\.$/,
    );
    const left = await secondsLeft(page);
    await page.waitForFunction(
      (n) => {
        const m = /(\d+) s left/.exec(document.querySelector('[data-testid="dialog-turn-note"]')?.textContent ?? "");
        return m !== null && Number(m[1]) < n;
      },
      left,
      { timeout: 5_000 },
    );
    await screenshot(page, "block-report/dialog-timer");

    // Report: received, said in the dialog.
    await page.click('[data-testid="report-send"]');
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="report-status"]')?.textContent?.startsWith(`Received: your report on ${n}`),
      theirName,
      { timeout: 15_000 },
    );
    await screenshot(page, "block-report/report-received");

    // Block asks first and says what it does; Cancel blocks nobody.
    await page.click('[data-testid="block-send"]');
    const explain = (await page.textContent('[data-testid="block-explain"]')) ?? "";
    for (const words of ["chat is hidden", "never seated together", "friendship", "cannot invite you", "unblock"])
      expect(explain).toContain(words);
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset["testid"])).toBe("block-confirm");
    await screenshot(page, "block-report/block-asks");
    await page.click('[data-testid="block-cancel"]');
    expect(await page.locator('[data-testid="block-ask"]').count()).toBe(0);
    expect(await blocks(page)).toEqual([]);
    await page.click('[data-testid="block-send"]');
    await page.click('[data-testid="block-confirm"]');
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="report-status"]')?.textContent === `${n} is blocked. You can unblock them in Settings.`,
      theirName,
      { timeout: 15_000 },
    );
    expect(await blocks(page)).toEqual([theirName]);
    expect([...me.errors, ...them.errors]).toEqual([]);
    await ann.close();
    await bea.close();
  });
});
