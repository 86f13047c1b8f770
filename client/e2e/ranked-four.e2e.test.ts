/**
 * Four-player ranked play in a real browser: one Chromium with four contexts (four profiles, so
 * four guest accounts made silently on their first visit) press Ranked Skit Scat (its ranked
 * format seats four), the queue seats them at one table, they play the game to the end by
 * clicking the table, each sees their rating change, and all four appear with their new ratings
 * on the leaderboard.
 *
 * To keep the game short the players play sensibly: take the top discard when it helps, discard
 * the card that leaves the most ways to a Skit or Scat, declare whenever they may.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser, type Page } from "playwright-core";
import { completingFaces, meldOfFaces } from "@scat/shared/games/dark-hand/melds.ts";
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  clickTarget,
  has,
  openLobby,
  openSection,
  screenshot,
  useBrowserSuite,
  waitState,
  type TableState,
} from "./lib/index.ts";

// One rated game each: the board lists them only below the usual 10 games (docs/API.md, "Ratings").
// The four play as guests from one machine (the queue's own rules are tested in ranked.e2e and the server's ranked-integrity).
const suite = useBrowserSuite({
  LEADERBOARD_MIN_GAMES: "1",
  LEADERBOARD_MIN_OPPONENTS: "0",
  RANKED_GUESTS: "1",
  RANKED_MIN_GAMES: "0",
  RANKED_SAME_ADDRESS: "1",
});
const GAME = "skit_scat";
let browser: Browser | null = null;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
});

interface Seat {
  readonly name: string;
  readonly page: Page;
  readonly errors: string[];
}

/** A player in its own browser context (own storage: own guest account), in the lobby. */
async function lobbyPlayer(name: string): Promise<Seat> {
  // A smaller canvas than DESKTOP: four pages redraw it every frame in one software-rendered Chromium.
  const context = await browser!.newContext({ viewport: { width: 960, height: 540 }, bypassCSP: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.setDefaultNavigationTimeout(90_000);
  await openLobby(page, suite.server.url, name);
  return { name, page, errors };
}

async function readyForRanked(page: Page): Promise<string> {
  await openSection(page, "ranked");
  await page.waitForSelector(`[data-testid="ranked-${GAME}"]:not([disabled])`, { timeout: 60_000 });
  return (await page.getAttribute('[data-testid="account-panel"]', "data-player")) ?? "";
}

/** How good three cards are: a Scat or Skit, else the faces that would complete one. */
function worth(cards: readonly string[]): number {
  const meld = meldOfFaces(cards);
  if (meld !== null) return meld === "scat" ? 1100 : 1000;
  return completingFaces(cards).size;
}

/** The best three of `cards` keeping `keep`: the card to let go and what is left's worth. */
function bestDiscard(cards: readonly string[], allowed: readonly string[]): { card: string; score: number } {
  let best = { card: allowed[0]!, score: -1 };
  for (const card of allowed) {
    const score = worth(cards.filter((c) => c !== card));
    if (score > best.score) best = { card, score };
  }
  return best;
}

/** The target to click for this decision. */
function choose(s: TableState): string {
  if (has(s, "continue")) return "button:continue";
  if (has(s, "declare")) return "button:declare";
  if (has(s, "endTurn")) return "button:keep";
  const hand = s.hand ?? [];
  if (has(s, "drawDeck") || has(s, "drawDiscard")) {
    const top = typeof s["discardTop"] === "string" ? s["discardTop"] : null;
    const takeTop = top !== null && has(s, "drawDiscard") && bestDiscard([...hand, top], hand).score > worth(hand);
    return takeTop || !has(s, "drawDeck") ? "pile:discard" : "pile:deck";
  }
  const allowed = (s.legal ?? []).filter((a) => a.type === "discard").map((a) => a.card!);
  return `card:${bestDiscard(hand, allowed).card}`;
}

const DECIDE = `(s.legal || []).some(a => ["continue", "declare", "endTurn", "drawDeck", "drawDiscard", "discard"].includes(a.type))`;

/** Plays one page's seat until the game's result is up. */
async function playToGameOver(p: Seat): Promise<TableState> {
  const deadline = Date.now() + 900_000;
  while (Date.now() < deadline) {
    // A player out of tokens only watches until the end: wait again while the others play on.
    const s = await waitState(p.page, `s.resultPanel === "game" || ${DECIDE}`, 60_000).catch(() => null);
    if (s === null) continue;
    if (s.resultPanel === "game") return s;
    const mark = JSON.stringify([s.hand, s.legal, s.round, s.resultPanel]);
    try {
      await clickTarget(p.page, choose(s), 20_000);
      await waitState(
        p.page,
        `s.resultPanel === "game" || JSON.stringify([s.hand, s.legal, s.round, s.resultPanel]) !== ${JSON.stringify(mark)}`,
        30_000,
      );
    } catch {
      // The state moved on under the click (a turn's clock, the next hand): look again.
    }
  }
  throw new Error(`${p.name}: the game did not end within the time limit`);
}

describe("four-player ranked play", () => {
  it("four players queue, meet, play a ranked Skit Scat game to the end and see their new ratings", async () => {
    const players = await Promise.all(["Ann", "Ben", "Cai", "Dot"].map(lobbyPlayer));
    const ids = await Promise.all(players.map((p) => readyForRanked(p.page)));
    expect(new Set(ids).size).toBe(4);
    expect(await players[0]!.page.textContent(`[data-testid="rating-${GAME}"]`)).toBe("1500?");
    // Guests play ranked (the account made on the first visit); the panel says so.
    expect(await players[0]!.page.isVisible('[data-testid="account-guest-note"]')).toBe(true);

    for (const p of players) await p.page.click(`[data-testid="ranked-${GAME}"]`);
    await Promise.all(players.map((p) => p.page.click('[data-testid="queue-accept"]', { timeout: 60_000 })));
    const table = `s.scene === "table" && s.status === "playing" && (s.seats || []).length === 4`;
    const seated = await Promise.all(players.map((p) => waitState(p.page, table, 90_000)));
    expect(new Set(seated.map((s) => s.roomId)).size).toBe(1);
    expect(seated[0]!.seats!.every((seat) => !seat.isBot)).toBe(true);
    expect(seated[0]!.seats!.map((seat) => seat.name).sort()).toEqual(["Ann", "Ben", "Cai", "Dot"]);
    await screenshot(players[0]!.page, "ranked/four-01-table");

    const ends = await Promise.all(players.map(playToGameOver));
    expect(ends.every((s) => s.seats!.every((seat) => !seat.isBot))).toBe(true);
    const badges = await Promise.all(
      players.map(async (p) => {
        const el = await p.page.waitForSelector('[data-testid="rating-change"]', { timeout: 30_000 });
        return { text: (await el.textContent()) ?? "", after: Number(await el.getAttribute("data-after")) };
      }),
    );
    for (const b of badges) expect(b.text).toMatch(/^[+−]\d+ [▲▼] \d+\?$/);
    expect(badges.some((b) => b.text.includes("▲"))).toBe(true);
    expect(badges.some((b) => b.text.includes("▼"))).toBe(true);
    await screenshot(players[0]!.page, "ranked/four-02-rating-change");

    // Every player sees all four new ratings on the Skit Scat board, and their own rank.
    for (const [i, p] of players.entries()) {
      await clickTarget(p.page, "button:leave");
      await waitState(p.page, `s.scene === "lobby"`);
      await readyForRanked(p.page);
      expect(await p.page.textContent(`[data-testid="rating-${GAME}"]`)).toBe(`${badges[i]!.after}?`);
    }
    const ann = players[0]!.page;
    await ann.click('[data-testid="open-leaderboard"]');
    await ann.waitForSelector('[data-testid="board-game"]');
    await ann.selectOption('[data-testid="board-game"]', GAME);
    await ann.waitForSelector(`[data-testid="board-top"] tbody tr[data-player="${ids[3]}"]`, { timeout: 30_000 });
    const rows = await ann.$$eval('[data-testid="board-top"] tbody tr', (trs) =>
      trs.map((tr) => ({ id: tr.getAttribute("data-player"), cells: [...tr.querySelectorAll("td")].map((td) => td.textContent) })),
    );
    const byId = new Map(rows.map((r) => [r.id, r.cells]));
    ids.forEach((id, i) => expect(byId.get(id)?.[2]).toBe(`${badges[i]!.after}?`));
    expect(rows.map((r) => r.cells[0])).toEqual(rows.map((_, i) => String(i + 1)));
    expect(await ann.textContent('[data-testid="board-me"]')).toContain(`#${rows.findIndex((r) => r.id === ids[0]) + 1}`);
    await screenshot(ann, "ranked/four-03-leaderboard");
    for (const p of players) expect(p.errors).toEqual([]);
  }, 1_200_000);
});
