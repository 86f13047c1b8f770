/**
 * The way back to a game, on one process (`npm start`: embedded defaults, file journal):
 * - a game the player left on purpose is not offered as "Your game in progress" in the lobby;
 *   a tab closed mid-game is, in plain words (nothing is "being moved" on one process), and
 *   Return takes the seat back at once;
 * - the server stopped (SIGTERM, then SIGKILL) and started again on the same port and DATA_DIR
 *   with two players at one table: both pages take their seats back on their own, without a
 *   reload and without being dropped to the lobby (a "Failed to fetch" while the server is down
 *   is tried again, not shown).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chooseTable,
  clickTarget,
  launchPlayer,
  openLobby,
  quickPlay,
  screenshot,
  startServer,
  waitState,
  type GameServer,
  type Player,
} from "./lib/index.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "scat-back-"));
let server: GameServer;
let port = "";
const players: Player[] = [];
/** `npm start`'s matchmaking limits (the test server's own are lifted): two pages reclaiming from one address stay within them. */
const env = () => ({ DATA_DIR: dataDir, MATCHMAKE_RATE_PER_SECOND: "5", MATCHMAKE_BURST: "20", ...(port ? { PORT: port } : {}) });

beforeAll(async () => {
  server = await startServer(env());
  port = new URL(server.url).port;
}, 60_000);
afterAll(async () => {
  for (const p of players) await p.close().catch(() => undefined);
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

async function player(name: string): Promise<Player> {
  const p = await launchPlayer();
  players.push(p);
  await openLobby(p.page, server.url, name);
  return p;
}

/** The lobby's question "where is my seat?" and its answer, once the lobby has shown what it makes of it. */
async function lobbyAnswer(page: Page, asked: Promise<Response>): Promise<unknown> {
  const body = (await (await asked).json()) as { seat: unknown };
  await waitState(page, `s.scene === "lobby"`);
  // The banner goes in right after the answer is read: two frames later it is there if it ever comes.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return body.seat;
}

const mySeatAsked = (page: Page) => page.waitForResponse((r) => r.url().endsWith("/api/social/my-seat"), { timeout: 15_000 });

describe("your game in progress", () => {
  it("is not offered after leaving a game on purpose; a tab closed mid-game is, in plain words, and Return works at once", async () => {
    const kim = await player("Kim");
    await chooseTable(kim.page, { game: "devils_scat", seats: 2, bots: 1, turnSeconds: 90 });
    const first = await quickPlay(kim.page);
    const asked = mySeatAsked(kim.page);
    await clickTarget(kim.page, "button:leave");
    await kim.page.click('[data-testid="confirm-yes"]');
    expect(await lobbyAnswer(kim.page, asked)).toBeNull();
    expect(await kim.page.locator('[data-testid="your-game"]').count()).toBe(0);
    // The table it left plays on with a bot and ends; the lobby still offers nothing when opened again.
    const again = mySeatAsked(kim.page);
    await kim.page.reload();
    expect(await lobbyAnswer(kim.page, again)).toBeNull();
    expect(await kim.page.locator('[data-testid="your-game"]').count()).toBe(0);
    await screenshot(kim.page, "back-to-game/01-left-no-banner");

    // A tab closed mid-game: another tab of the same browser is offered the seat back.
    await kim.page.fill('[data-testid="name-input"]', "Kim");
    await chooseTable(kim.page, { game: "devils_scat", seats: 2, bots: 1, turnSeconds: 90 });
    const second = await quickPlay(kim.page);
    expect(second.roomId).not.toBe(first.roomId);
    const tab = await kim.context.newPage();
    const offered = mySeatAsked(tab);
    await kim.page.close();
    await tab.goto(server.url);
    expect(await lobbyAnswer(tab, offered)).toMatchObject({ roomId: second.roomId });
    const banner = (await tab.textContent('[data-testid="your-game"]')) ?? "";
    expect(banner).toMatch(/Your game in progress/);
    expect(banner).not.toMatch(/moved/i);
    await screenshot(tab, "back-to-game/02-closed-tab-banner");
    const clicked = Date.now();
    await tab.click('[data-testid="return-to-game"]');
    const back = await waitState(
      tab,
      `s.scene === "table" && s.link === "connected" && s.roomId === ${JSON.stringify(second.roomId)} && s.mySeat !== null`,
      10_000,
    );
    expect(back.mySeat).toBe(second.mySeat);
    expect(Date.now() - clicked).toBeLessThan(10_000);
  });
});

describe("a server stopped and started again", () => {
  /** Both pages at their seats of `roomId`, connected, the game going on, the page never reloaded. */
  async function bothBack(pages: readonly Page[], roomId: string, seats: readonly (number | null | undefined)[]): Promise<void> {
    for (const [i, page] of pages.entries()) {
      const back = await waitState(
        page,
        `s.scene === "table" && s.link === "connected" && s.roomId === ${JSON.stringify(roomId)} && s.status === "playing"`,
        30_000,
      );
      expect(back.mySeat).toBe(seats[i]);
      expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument === true), "no reload").toBe(true);
    }
  }

  it("brings both players of a table back to their seats, after SIGTERM and after SIGKILL", async () => {
    const host = await player("Host");
    await chooseTable(host.page, { game: "devils_scat", seats: 2, bots: 0, turnSeconds: 90 });
    await host.page.click('[data-testid="create-private"]');
    const waiting = await waitState(host.page, `s.scene === "table" && s.status === "waiting"`);
    const code = waiting.roomId!;
    const friend = await player("Friend");
    await friend.page.fill('[data-testid="join-code"]', code);
    await friend.page.click('[data-testid="join-by-code"]');
    const pages = [host.page, friend.page];
    const seats = [];
    for (const page of pages)
      seats.push((await waitState(page, `s.scene === "table" && s.status === "playing" && s.mySeat !== null`)).mySeat);
    for (const page of pages)
      await page.evaluate(() => {
        (window as { __sameDocument?: boolean }).__sameDocument = true;
      });

    for (const signal of ["SIGTERM", "SIGKILL"] as const) {
      if (signal === "SIGTERM") await server.stop();
      else await server.kill();
      // Down for a moment: the pages' reclaims meet a refused connection ("Failed to fetch").
      for (const page of pages)
        await page.waitForFunction(
          () => /reconnect|not answering|server/i.test(document.querySelector('[data-testid="banner"]')?.textContent ?? ""),
          undefined,
          { timeout: 15_000 },
        );
      await screenshot(host.page, `back-to-game/03-${signal}-reconnecting`);
      // It stays down a moment (the pages keep trying meanwhile), as a restart by hand would.
      await new Promise((r) => setTimeout(r, 1_000));
      server = await startServer(env());
      await bothBack(pages, code, seats);
      await screenshot(friend.page, `back-to-game/04-${signal}-back`);
    }
  });
});
