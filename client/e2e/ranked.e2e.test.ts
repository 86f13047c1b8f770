/**
 * Ranked play in real browsers: two players (own browser profiles, so two guest accounts made
 * silently on their first visit) press Ranked Devil's Scat, the queue seats them together, they
 * play the game to the end by clicking the table, each sees their rating change, and both
 * appear with their new ratings on the leaderboard and in their profile's rating chart.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectClearOfToolbar } from "./lib/canvas-text.ts";
import {
  PHONE,
  clickTarget as click,
  has,
  legal,
  openLobby,
  openSection,
  screenshot,
  useBrowserSuite,
  waitState,
  type Player,
  type TableState,
} from "./lib/index.ts";

// One rated game each: the board (10 rated games) lists them apart, as provisional (docs/API.md, "Who is on a board").
// Saved accounts (the default), no casual games first, and both browsers on one machine's address.
// The accept window is the longest allowed: on a loaded machine 10 s went by before a click landed.
const suite = useBrowserSuite({ RANKED_MIN_GAMES: "0", RANKED_SAME_ADDRESS: "1", RANKED_ACCEPT_SECONDS: "60" });

/** A player in the lobby; page loads get a minute (the shared test machine is often loaded). */
async function lobbyPlayer(name: string): Promise<Player> {
  const p = await suite.player();
  p.page.setDefaultNavigationTimeout(90_000);
  await openLobby(p.page, suite.server.url, name);
  return p;
}

/**
 * Clicks a target; false when it did not become clickable in time (the state moved on, e.g. the
 * game ended while a round's Continue was about to show), so the caller looks at the state again.
 */
async function tryClick(page: Page, id: string): Promise<boolean> {
  try {
    await click(page, id, 30_000);
    return true;
  } catch {
    return false;
  }
}

/** Knocks as soon as it may, else draws from the deck and discards; continues after a round. */
async function playToGameOver(page: Page): Promise<TableState> {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    const s = await waitState(
      page,
      `s.resultPanel === "game" || (s.legal || []).some(a => ["knock", "drawDeck", "discard", "continue"].includes(a.type))`,
      60_000,
    );
    if (s.resultPanel === "game") return s;
    const [id, gone] = has(s, "continue")
      ? ["button:continue", "continue"]
      : has(s, "knock")
        ? ["button:knock", "knock"]
        : has(s, "drawDeck")
          ? ["pile:deck", "drawDeck"]
          : [`card:${legal(s, "discard")!.card}`, "discard"];
    if (await tryClick(page, id))
      await waitState(page, `s.resultPanel === "game" || !(s.legal || []).some(a => a.type === "${gone}")`, 30_000);
  }
  throw new Error("the game did not end within the time limit");
}

async function readyForRanked(page: Page): Promise<string> {
  await openSection(page, "ranked");
  await page.waitForSelector('[data-testid="ranked-devils_scat"]:not([disabled])', { timeout: 60_000 });
  return (await page.getAttribute('[data-testid="account-panel"]', "data-player")) ?? "";
}

/** Ranked play is for saved accounts: save the guest account with a username and password through the panel. */
async function saveAccount(page: Page, username: string): Promise<void> {
  await openSection(page, "profile");
  await page.click('[data-testid="show-register"]');
  await page.fill('[data-testid="register-form-username"]', username);
  await page.fill('[data-testid="register-form-password"]', "lantern orbit meadow copper");
  await page.click('[data-testid="register-form-submit"]');
  // Saving shows the account's recovery codes once: the player says they are saved.
  await page.click('[data-testid="recovery-codes-done"]', { timeout: 30_000 });
  await page.waitForSelector(`[data-testid="account-status"]:has-text("@${username}")`, { timeout: 30_000 });
}

/** The queue found a match: accept it (the queue screen's Accept button). */
async function acceptMatch(page: Page): Promise<void> {
  await page.click('[data-testid="queue-accept"]', { timeout: 60_000 });
}

describe("ranked play", () => {
  it("two players queue, meet, play a ranked game to the end and see their new ratings", async () => {
    const ann = await lobbyPlayer("Ann");
    const ben = await lobbyPlayer("Ben");
    const [annId, benId] = [await readyForRanked(ann.page), await readyForRanked(ben.page)];
    expect(annId).not.toBe(benId);
    // Who is here: both lobby pages count as online.
    await openSection(ann.page, "watch");
    await ann.page.waitForSelector('[data-testid="lobby-counts"][data-online="2"]', { timeout: 30_000 });
    expect(await ann.page.textContent('[data-testid="lobby-counts"]')).toBe("2 players online · 0 tables in play");
    await openSection(ann.page, "ranked");
    expect(await ann.page.textContent('[data-testid="rating-devils_scat"]')).toBe("1500?");
    // A guest is told why it cannot queue, then saves its account and can.
    await ann.page.click('[data-testid="ranked-devils_scat"]');
    await ann.page.waitForSelector('[data-testid="account-error"]:has-text("saved accounts")', { timeout: 30_000 });
    await saveAccount(ann.page, "ann_e2e");
    await saveAccount(ben.page, "ben_e2e");

    // Never asked about the guided game at a ranked table (tutorial/table-offer.ts): both forget the lobby's offer first.
    const lessonAsked = (page: Page) => page.evaluate(() => localStorage.getItem("scat.lesson.devils_scat"));
    for (const p of [ann, ben]) await p.page.evaluate(() => localStorage.removeItem("scat.lesson.devils_scat"));
    for (const p of [ann, ben]) await openSection(p.page, "ranked");
    await ann.page.click('[data-testid="ranked-devils_scat"]');
    await ann.page.waitForSelector('[data-testid="queue-range"]:has-text("±")', { timeout: 30_000 });
    expect(await ann.page.textContent('[data-testid="queue-status"]')).toContain("Your rating 1500");
    // How many wait, and the estimate (none yet: no table formed in the last hour).
    await ann.page.waitForSelector('[data-testid="queue-count"]:has-text("1 in the Devil\'s Scat queue")', { timeout: 30_000 });
    expect(await ann.page.textContent('[data-testid="queue-estimate"]')).toBe("No estimate yet: no table formed in the last hour");
    await screenshot(ann.page, "ranked/01-queue");
    await ben.page.click('[data-testid="ranked-devils_scat"]');
    await ann.page.waitForSelector('[data-testid="queue-accept"]:not([hidden])', { timeout: 60_000 });
    await screenshot(ann.page, "ranked/01b-match-found");
    await Promise.all([acceptMatch(ann.page), acceptMatch(ben.page)]);

    const table = `s.scene === "table" && s.status === "playing" && (s.seats || []).length === 2`;
    const [sa, sb] = await Promise.all([waitState(ann.page, table, 60_000), waitState(ben.page, table, 60_000)]);
    expect(sa.roomId).toBe(sb.roomId);
    expect(sa.seats!.every((seat) => !seat.isBot)).toBe(true);
    expect(sa.seats!.map((seat) => seat.name).sort()).toEqual(["Ann", "Ben"]);
    // The table says it is ranked, and each seat shows its rating (canvas badge and keyboard layer).
    await ann.page.waitForSelector('[data-testid="ranked-badge"]:not([hidden])', { timeout: 30_000 });
    await ann.page.waitForFunction(
      () => (document.querySelector("#a11y-table")?.textContent ?? "").includes("rating 1500 (provisional)"),
      null,
      { timeout: 30_000 },
    );
    expect(await ann.page.textContent('[data-testid="a11y-title"]')).toBe("Ranked Devil's Scat: keyboard table");
    // Ben plays on on a phone-sized screen: the badge is a star in the narrow toolbar.
    await ben.page.setViewportSize(PHONE);
    await ben.page.waitForSelector('.toolbar.narrow [data-testid="ranked-badge"]:not([hidden])', { timeout: 30_000 });
    await screenshot(ann.page, "ranked/01c-ranked-table");
    // The header ends left of the toolbar, which the badge widened ("Favored: …" centred ran under RANKED).
    await expectClearOfToolbar(ann.page);
    await screenshot(ben.page, "ranked/01d-ranked-table-phone");

    await Promise.all([playToGameOver(ann.page), playToGameOver(ben.page)]);
    expect(await Promise.all([lessonAsked(ann.page), lessonAsked(ben.page)])).toEqual([null, null]);
    const badges = await Promise.all(
      [ann, ben].map(async (p) => {
        const el = await p.page.waitForSelector('[data-testid="rating-change"]', { timeout: 30_000 });
        return { text: (await el.textContent()) ?? "", after: Number(await el.getAttribute("data-after")) };
      }),
    );
    for (const b of badges) expect(b.text).toMatch(/^[+−]\d+ [▲▼] \d+\?$/);
    expect(badges.map((b) => b.text.includes("▲")).sort()).toEqual([false, true]);
    await screenshot(ann.page, "ranked/02-rating-change");

    await click(ann.page, "button:leave");
    await waitState(ann.page, `s.scene === "lobby"`);
    await readyForRanked(ann.page);
    expect(await ann.page.textContent('[data-testid="rating-devils_scat"]')).toBe(`${badges[0]!.after}?`);
    await ann.page.click('[data-testid="open-leaderboard"]');
    // Nobody has 10 rated games: the board says so, and lists the two provisional players under it (not "nobody").
    await ann.page.waitForSelector('[data-testid="board-provisional"]');
    expect(await ann.page.textContent('[data-testid="board-empty"]')).toBe(
      "Nobody has 10 rated games yet: players join the board with their 10th.",
    );
    expect(await ann.page.textContent('[data-testid="board-provisional-box"] h3')).toBe("Provisional (fewer than 10 games)");
    const rows = await ann.page.$$eval('[data-testid="board-provisional"] tbody tr', (trs) =>
      trs.map((tr) => ({ id: tr.getAttribute("data-player"), cells: [...tr.querySelectorAll("td")].map((td) => td.textContent) })),
    );
    const byId = new Map(rows.map((r) => [r.id, r.cells]));
    expect(byId.get(annId)?.[2]).toBe(`${badges[0]!.after}?`);
    expect(byId.get(benId)?.[2]).toBe(`${badges[1]!.after}?`);
    expect(rows.map((r) => r.cells[0])).toEqual(rows.map((_, i) => String(i + 1)));
    expect(await ann.page.textContent('[data-testid="board-unlisted"]')).toMatch(/provisional/);
    await screenshot(ann.page, "ranked/03-leaderboard");

    await ann.page.click('[data-testid="leaderboard-close"]');
    await openSection(ann.page, "profile");
    await ann.page.click('[data-testid="open-profile"]');
    await ann.page.waitForSelector('[data-testid="rating-chart"][data-points="1"]');
    // The match history: date, game, the opponent (a link to their profile), place, change, replay.
    await ann.page.waitForSelector('[data-testid="profile-recent"] tr[data-match]', { timeout: 30_000 });
    expect(await ann.page.textContent('[data-testid="profile-recent"]')).toContain("Devil's Scat");
    expect(await ann.page.getAttribute('[data-testid="profile-recent"] a.player-link', "data-player")).toBe(benId);
    // Each stored ranked game opens in the replay viewer from the profile.
    const replay = await ann.page.getAttribute('[data-testid="profile-recent"] a[data-testid^="replay-"]', "href");
    expect(replay).toMatch(/^\/\?replay=[A-Za-z0-9._-]+$/);
    await screenshot(ann.page, "ranked/04-profile");
    await ann.page.click('[data-testid="profile-recent"] a[data-testid^="replay-"]');
    const replayed = await waitState(ann.page, `s.scene === "replay" && s.frame === 0 && s.last > 0`, 30_000);
    expect((replayed as unknown as { last: number }).last).toBeGreaterThan(0);
    // Loaded by id from this server's store, checked against the commitment it published at the table.
    expect(await ann.page.getAttribute('[data-testid="replay-verified"]', "data-checked")).toBe("stored");
    await screenshot(ann.page, "ranked/05-replay");
    // Queue again: from the ranked game's result panel, back into the same game's queue.
    expect(await ben.page.textContent('[data-testid="play-again"]')).toBe("Quick play");
    // (Ben's keyboard layer had the focus from playing: a tap on the panel is the pointer's.)
    await ben.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await click(ben.page, "button:queue-again");
    await ben.page.waitForSelector('[data-testid="ranked-queue"] [data-testid="queue-range"]:has-text("±")', { timeout: 60_000 });
    expect(await ben.page.textContent('[data-testid="ranked-queue"] h2')).toBe("Ranked Devil's Scat");
    await screenshot(ben.page, "ranked/06-queue-again");
    await ben.page.click('[data-testid="queue-cancel"]');
    expect(ann.errors).toEqual([]);
    expect(ben.errors).toEqual([]);
  }, 480_000);
});
