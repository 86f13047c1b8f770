/**
 * Devil's Scat in a real browser against a real server: the lobby on a phone, quick play with
 * bots played by clicking the canvas until a round result, Continue, a reload mid-game, and a
 * private table joined by its invite code. Screenshots land in client/e2e/screenshots/.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  chooseTable as chooseAny,
  clickTarget as click,
  DESKTOP,
  drawAndDiscard,
  has,
  openLobby as openAny,
  PHONE,
  playToGameOver,
  rendererOf,
  screenshot,
  state,
  useBrowserSuite,
  waitState,
  type Player,
  type TableState as ScatState,
} from "./lib/index.ts";

// Played through WebGL (SwiftShader), as players with a GPU see it; most files use Canvas (lib/browser.ts).
const suite = useBrowserSuite({}, { webgl: true });
const player = (viewport: { width: number; height: number }): Promise<Player> => suite.player(viewport);
const openLobby = (page: Page, name: string): Promise<void> => openAny(page, suite.server.url, name);

async function chooseTable(page: Page, seats: number, bots: number, turnSeconds: number): Promise<void> {
  await chooseAny(page, { game: "devils_scat", seats, bots, turnSeconds });
}

/** One own turn: draw (deck, or the discard pile every other turn), then discard a legal card. */
async function playTurn(page: Page, turnNo: number, s: ScatState): Promise<void> {
  await drawAndDiscard(page, s, {
    fromDiscard: turnNo % 2 === 1 && has(s, "drawDiscard"),
    afterDraw: turnNo === 0 ? () => screenshot(page, "03-drawn") : undefined,
  });
}

/** Plays by clicking until the round result is on screen; knocks on the third own turn. */
async function playUntilRoundResult(page: Page): Promise<ScatState> {
  const deadline = Date.now() + 120_000;
  let turns = 0;
  let knocked = false;
  while (Date.now() < deadline) {
    const s = await waitState(
      page,
      `s.resultPanel === "round" || (s.legal || []).some(a => a.type === "drawDeck" || a.type === "drawDiscard")`,
      60_000,
    );
    if (s.resultPanel === "round") return s;
    if (turns >= 2 && !knocked && has(s, "knock")) {
      await click(page, "button:knock");
      knocked = true;
      await waitState(page, `s.resultPanel === "round" || (s.seats || [])[s.mySeat]?.info?.knocked === true`);
      await screenshot(page, "04-knocked");
      continue;
    }
    await playTurn(page, turns, s);
    turns++;
  }
  throw new Error("no round result within two minutes");
}

describe("Devil's Scat in the browser", () => {
  it("shows a usable lobby on a 390x844 phone", async () => {
    const lobby = await player(PHONE);
    const { page } = lobby;
    await page.goto(suite.server.url);
    await page.waitForSelector('[data-testid="lobby"]');
    expect(await rendererOf(page)).toBe("webgl");
    // Every game of the product is playable from the lobby.
    for (const game of ["devils_scat", "skit_scat", "dark_hand", "dark_hearts", "scatterbrain", "hit_the_deck"]) {
      expect(await page.isEnabled(`[data-testid="game-${game}"] input`)).toBe(true);
      expect(await page.textContent(`[data-testid="game-${game}"]`)).not.toContain("Coming soon");
    }
    const box = await page.locator('[data-testid="lobby"]').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    const quick = await page.locator('[data-testid="quick-play"]').boundingBox();
    expect(quick && quick.y + quick.height <= PHONE.height && quick.height >= 44).toBe(true);
    expect(await page.inputValue('[data-testid="bots-select"]')).toBe(
      String(Number(await page.inputValue('[data-testid="seats-select"]')) - 1),
    );
    await screenshot(page, "01-lobby-phone");
    await lobby.close();
  });

  let table: Player;

  it("quick-plays with two bots and plays by clicking until a round result, then continues", async () => {
    table = await player(DESKTOP);
    const { page } = table;
    await openLobby(page, "Tester");
    await chooseTable(page, 3, 2, 60);
    await screenshot(page, "02-lobby-desktop");
    await page.click('[data-testid="quick-play"]');
    const start = await waitState(page, `s.scene === "table" && s.status === "playing" && (s.hand || []).length === 3`);
    expect(start.seats).toHaveLength(3);
    expect(start.mySeat).toBeTypeOf("number");
    expect(start.seats?.filter((x) => x.isBot)).toHaveLength(2);
    expect(start.seats?.[start.mySeat ?? -1]?.name).toBe("Tester");
    await waitState(page, "typeof s.ping === 'number'");
    await screenshot(page, "02-table-start");

    const result = await playUntilRoundResult(page);
    expect(result.result?.seats).toHaveLength(3);
    expect(await page.locator('[data-testid="result-table"] tbody tr').count()).toBe(3);
    expect(await page.isVisible('[data-testid="round-result"]')).toBe(true);
    await screenshot(page, "05-round-result");

    // On a slow machine the server's pause may already have dealt the next round: then no Continue.
    await click(page, "button:continue").catch(async (err: unknown) => {
      if ((await state(page)).round === result.round) throw err;
    });
    // A Scat dealt straight away ends the next round at once: its result counts as "next round" too.
    const next = await waitState(
      page,
      `s.round === ${(result.round ?? 1) + 1} && ((s.resultPanel === null && (s.hand || []).length === 3) || s.resultPanel === "round")`,
      30_000,
    );
    expect(next.status).toBe("playing");
    expect(table.errors).toEqual([]);
    await screenshot(page, "06-next-round");
  });

  it("comes back to the same seat with the same hand after a reload", async () => {
    const { page } = table;
    const before = await waitState(
      page,
      `s.scene === "table" && (s.hand || []).length === 3 && !(s.legal || []).some(a => a.type === "discard")`,
    );
    await page.reload();
    const after = await waitState(page, `s.scene === "table" && s.link === "connected" && (s.hand || []).length > 0`, 30_000);
    expect(after.roomId).toBe(before.roomId);
    expect(after.mySeat).toBe(before.mySeat);
    expect([...(after.hand ?? [])].sort()).toEqual([...(before.hand ?? [])].sort());
    const seat = after.seats?.[after.mySeat ?? -1];
    expect(seat?.isBot).toBe(false);
    expect(seat?.name).toBe("Tester");
    await screenshot(page, "07-after-reload");
    await table.close();
  });

  it("creates a private table, shows its code, lets a friend join by code and fills with bots", async () => {
    const host = await player(DESKTOP);
    const friend = await player(PHONE);
    await openLobby(friend.page, "Friend");
    await friend.page.fill('[data-testid="join-code"]', "NOPE99");
    await friend.page.click('[data-testid="join-by-code"]');
    await friend.page.waitForFunction(() => (document.querySelector('[data-testid="lobby-error"]')?.textContent ?? "").length > 0);
    expect(await friend.page.textContent('[data-testid="lobby-error"]')).toContain("No table has that code");
    expect(await friend.page.isEnabled('[data-testid="join-by-code"]')).toBe(true);

    await openLobby(host.page, "Host");
    await chooseTable(host.page, 4, 0, 30);
    await host.page.click('[data-testid="create-private"]');
    const waiting = await waitState(host.page, `s.scene === "table" && s.status === "waiting" && s.isPrivate === true`);
    const code = (await host.page.textContent('[data-testid="invite-code"]'))?.trim() ?? "";
    expect(code).toBe(waiting.roomId);
    expect(code.length).toBeGreaterThanOrEqual(4);
    await screenshot(host.page, "08-private-waiting");

    await friend.page.fill('[data-testid="join-code"]', code.toLowerCase());
    await friend.page.click('[data-testid="join-by-code"]');
    await waitState(friend.page, `s.scene === "table" && s.roomId === ${JSON.stringify(code)}`);
    await host.page.waitForFunction(() => document.querySelector('[data-testid="waiting-title"]')?.textContent?.includes("2/4") === true);
    await click(host.page, "button:fill-bots");
    const hostView = await waitState(host.page, `s.status === "playing" && (s.hand || []).length === 3`);
    const friendView = await waitState(friend.page, `s.status === "playing" && (s.hand || []).length === 3`);
    expect(hostView.mySeat).not.toBe(friendView.mySeat);
    expect(hostView.seats?.filter((x) => x.isBot)).toHaveLength(2);
    await screenshot(friend.page, "09-private-phone-table");
    expect(await state(host.page)).toMatchObject({ roomId: code });

    // The friend drops: the host sees the seat as away (badge with the seconds left).
    const friendSeat = friendView.mySeat ?? -1;
    await friend.close();
    const away = await waitState(host.page, `s.seats[${friendSeat}] && s.seats[${friendSeat}].connected === false`);
    expect(away.seats?.[friendSeat]?.isBot).toBe(false);
    await screenshot(host.page, "10-friend-away");
    await host.close();
  });

  it("plays a classic-scoring game to the end on a phone, then plays again and goes back to the lobby", async () => {
    const phone = await player(PHONE);
    const { page } = phone;
    await openLobby(page, "Phone");
    await chooseTable(page, 2, 1, 20);
    await page.check('[data-testid="variant-classic"]');
    await page.click('[data-testid="quick-play"]');
    const first = await waitState(page, `s.scene === "table" && s.status === "playing" && (s.hand || []).length === 3`);
    expect(first.seats).toHaveLength(2);
    await screenshot(page, "11-phone-table");
    const over = await playToGameOver(page, (s, turn) => playTurn(page, turn, s));
    expect(over.outcome?.winners?.length).toBeGreaterThan(0);
    expect(await page.isVisible('[data-testid="ranking"]')).toBe(true);
    // Each line is numbered by its place from the state (tied seats would share one).
    const shown = await page.$$eval('[data-testid="ranking"] li', (lis) => lis.map((li) => (li as HTMLLIElement).value));
    const outcome = over.outcome as { ranking: number[]; places: number[] };
    expect(shown).toEqual(outcome.ranking.map((seat) => outcome.places[seat]));
    // The server reveals the seed; the page checks it against the commitment and replays the game.
    await page.waitForSelector('[data-testid="deal-verified"]', { timeout: 30_000 });
    expect(await page.isVisible('[data-testid="deal-not-verified"]')).toBe(false);
    // The page added its own random value to the shuffle and found it in the log (docs/FAIRNESS.md, "Players' entropy").
    expect(await page.textContent('[data-testid="deal-verified"]')).toContain("includes your random value");
    const download = page.locator('[data-testid="download-log"]');
    expect(await download.getAttribute("href")).toMatch(/^blob:/);
    expect(await download.getAttribute("download")).toMatch(/\.json$/);
    await screenshot(page, "12-phone-game-over");

    await click(page, "button:play-again");
    const again = await waitState(
      page,
      `s.scene === "table" && s.status === "playing" && s.roomId !== ${JSON.stringify(first.roomId)} && (s.hand || []).length === 3`,
      30_000,
    );
    expect(again.seats).toHaveLength(2);
    await click(page, "button:leave");
    // Leaving a running game asks first: a bot would take the seat.
    await page.click('[data-testid="confirm-yes"]');
    await waitState(page, `s.scene === "lobby"`);
    expect(await page.inputValue('[data-testid="name-input"]')).toBe("Phone");
    expect(phone.errors).toEqual([]);
  });
});
