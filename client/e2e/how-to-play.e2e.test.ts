/**
 * How to play: every game's rules open from its lobby tile (desktop and phone) with card pictures
 * drawn by the game's card art, and from the `?` at the table; the first-time hint says what to
 * do now.
 */
import { describe, expect, it } from "vitest";
import {
  chooseTable,
  clickTarget,
  DESKTOP,
  PHONE,
  quickPlay,
  screenshot,
  state,
  useBrowserSuite,
  waitState,
  type Viewport,
} from "./lib/index.ts";

const suite = useBrowserSuite();
const GAMES = ["devils_scat", "skit_scat", "dark_hand", "dark_hearts", "scatterbrain", "hit_the_deck"] as const;

async function rulesFromLobby(viewport: Viewport, tag: string): Promise<void> {
  const player = await suite.lobbyPlayer("Reader", viewport);
  const { page, errors } = player;
  for (const game of GAMES) {
    await page.click(`[data-testid="rules-${game}"]`);
    await page.waitForSelector(`[data-testid="rules-overlay"][data-game="${game}"]`);
    // Every card picture is a decoded image (the game's own art, not a broken link).
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>(".rules-card")].every((i) => i.complete && i.naturalWidth > 0),
    );
    const pictures = await page.locator(".rules-card").count();
    expect(pictures, game).toBeGreaterThan(0);
    expect(await page.locator(".rules-section").count(), game).toBeGreaterThanOrEqual(3);
    await screenshot(page, `how-to-play/${tag}-${game}`);
    await page.click('[data-testid="rules-close"]');
    await page.waitForSelector('[data-testid="rules-overlay"]', { state: "detached" });
  }
  // Opening the rules never changes the chosen game.
  expect(await page.isChecked('[data-testid="game-devils_scat"] input')).toBe(true);
  expect(errors).toEqual([]);
  await player.close();
}

describe("how to play", () => {
  it("opens every game's rules from the lobby at 1280x720", async () => {
    await rulesFromLobby(DESKTOP, "desktop");
  });

  it("opens every game's rules from the lobby on a phone", async () => {
    await rulesFromLobby(PHONE, "phone");
  });

  for (const [viewport, tag] of [
    [DESKTOP, "desktop"],
    [PHONE, "phone"],
  ] as const) {
    it(`shows a first-time hint and the rules from the table's ? (${tag})`, async () => {
      const player = await suite.lobbyPlayer("Newcomer", viewport);
      const { page, errors } = player;
      await chooseTable(page, { game: "dark_hand", seats: 3, turnSeconds: 60 });
      const s = await quickPlay(page, "s.hint !== null", 40_000);
      expect(s.hint).toMatch(/\?/);
      await screenshot(page, `how-to-play/${tag}-table-hint`);
      await clickTarget(page, "button:rules");
      await waitState(page, `s.rules === "dark_hand"`);
      expect(await page.textContent('[data-testid="rules"]')).toContain("Light Hand");
      await screenshot(page, `how-to-play/${tag}-table-rules`);
      await page.keyboard.press("Escape");
      await waitState(page, "s.rules === null");
      expect((await state(page)).scene).toBe("table");
      expect(errors).toEqual([]);
      await player.close();
    });
  }
});
