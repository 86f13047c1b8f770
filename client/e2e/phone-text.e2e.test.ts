/**
 * Canvas text on a phone (text at least 14 px on phones, so it can be read): every text object of each
 * game's table view, as a 390x844 player sees it (font size x its containers' scale x the canvas's
 * CSS scale), is at least 14 px, at every step of a whole round. The round is the game's guided
 * lesson (the game's own table view, its buttons and the lesson's top bar), stepped from the page
 * with animations at 40x speed, so all six rounds take seconds; a screenshot of each game after
 * a few moves (e2e/screenshots/phone-text/). HTML text is the stylesheets' (a11y.css): not here.
 * The one exception: a glyph named `decor` (objects/style.ts: the letter on a token chip).
 * The lessons seat 3 or 4; the games that seat 6 are checked at 6 too, in the replay viewer (a
 * log of bots playing, opened from a file, stepped with the arrow keys).
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { createRng } from "@scat/shared";
import { playLogged } from "@scat/shared/fairness/test-support.ts";
import { canvasTexts } from "./lib/canvas-text.ts";
import { crowding } from "./lib/overlap.ts";
import { clickTarget, PHONE, screenshot, useBrowserSuite, waitState } from "./lib/index.ts";

const suite = useBrowserSuite();
const GAMES = ["devils_scat", "skit_scat", "dark_hand", "dark_hearts", "scatterbrain", "hit_the_deck"] as const;
/** The smallest text a phone shows (CSS px). */
const MIN_PX = 14;

interface Step {
  readonly moves: number;
  readonly done: boolean;
}

/**
 * One step of the lesson, made from the page: the player's prompted move (the lesson's own
 * `lesson()`), or the table's next move. Reaches into the lesson scene (its `lesson` and `session`),
 * as the lesson's pauses between moves are what this test skips; then lets two frames draw.
 */
/** Every canvas text under `MIN_PX` on the page now, as "where: text size". */
async function smallTexts(page: Page, where: string): Promise<{ small: string[]; checked: number }> {
  const texts = await canvasTexts(page);
  const small = texts
    .filter((t) => t.px < MIN_PX - 0.01 && t.name !== "decor")
    .map((t) => `${where}: "${t.text.replace(/\n/g, " / ")}" ${t.px.toFixed(1)} px at ${Math.round(t.x)},${Math.round(t.y)}`);
  return { small, checked: texts.length };
}

/** Each distinct text once (the same caption small at every step says nothing new; numbers as #). */
function distinct(small: readonly string[]): string[] {
  return [
    ...new Map(
      small.map((s) => [
        s
          .replace(/ (step|frame) \d+: /, ": ")
          .replace(/ at .*$/, "")
          .replace(/\d+/g, "#"),
        s,
      ]),
    ).values(),
  ];
}

async function step(page: Page, moves: number): Promise<Step> {
  return page.evaluate(async (n) => {
    interface LessonLike {
      done(): boolean;
      lesson(): unknown;
    }
    interface SessionLike {
      sendAction(a: unknown): void;
      advance(): boolean;
    }
    const game = (
      window as unknown as {
        __game: {
          scene: {
            getScene(k: string): {
              lesson: LessonLike | null;
              session: SessionLike | null;
              tweens: { timeScale: number };
              time: { timeScale: number };
            };
          };
        };
      }
    ).__game;
    const scene = game.scene.getScene("lesson");
    scene.tweens.timeScale = 40;
    scene.time.timeScale = 40;
    const lesson = scene.lesson;
    const session = scene.session;
    if (!lesson || !session || lesson.done()) return { moves: n, done: true };
    const want = lesson.lesson();
    if (want) session.sendAction(want);
    else session.advance();
    for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(r));
    return { moves: want ? n + 1 : n, done: lesson.done() };
  }, moves);
}

describe("canvas text on a 390x844 phone", () => {
  it("is at least 14 px in every game, at every step of a round", async () => {
    const player = await suite.lobbyPlayer("Lena", PHONE);
    const { page, errors } = player;
    const small: string[] = [];
    let checked = 0;
    for (const game of GAMES) {
      if (game === GAMES[0]) {
        await page.click(`[data-testid="rules-${game}"]`);
        await page.click('[data-testid="rules-learn"]');
      } else {
        // The next lesson straight away, as "Play the lesson again" restarts the scene.
        await page.evaluate((g) => {
          (window as unknown as { __game: { scene: { getScene(k: string): { scene: { restart(d: unknown): void } } } } }).__game.scene
            .getScene("lesson")
            .scene.restart({ game: g });
        }, game);
      }
      await page.click('[data-testid="lesson-start"]');
      await waitState(page, `s.scene === "lesson" && s.stage === "play" && s.game === ${JSON.stringify(game)}`);
      let at: Step = { moves: 0, done: false };
      let shot = false;
      for (let i = 0; i < 200 && !at.done; i++) {
        const now = await smallTexts(page, `${game} step ${i}`);
        small.push(...now.small);
        checked += now.checked;
        if (at.moves === 3 && !shot) shot = Boolean(await screenshot(page, `phone-text/${game}`));
        at = await step(page, at.moves);
      }
      expect(at.done, `${game}: the round ended`).toBe(true);
    }
    const under = distinct(small);
    // Text was really read (a check that found none would pass on anything).
    expect(checked).toBeGreaterThan(100);
    expect(under, `${under.length} texts under ${MIN_PX} px (of ${checked} checked)`).toEqual([]);
    expect(errors).toEqual([]);
    await player.close();
  });

  it("is at least 14 px at a table of six (Devil's Scat, Skit Scat, Dark Hand, Hit the Deck), in the replay viewer", async () => {
    const player = await suite.lobbyPlayer("Lena", PHONE);
    const { page, errors } = player;
    const small: string[] = [];
    const crowded: string[] = [];
    let checked = 0;
    for (const game of ["devils_scat", "skit_scat", "dark_hand", "hit_the_deck"] as const) {
      // Index 4: six seats (shared/src/fairness/test-support.ts).
      const { log } = playLogged(game, `phone-text-${game}`, createRng(`phone-text-${game}`), 4);
      expect((log.options as { seats: number }).seats).toBe(6);
      await page.setInputFiles('[data-testid="replay-file"]', {
        name: `${game}.json`,
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify(log)),
      });
      const s = await waitState(page, `s.scene === "replay" && s.game === ${JSON.stringify(game)} && s.frame === 0`, 30_000);
      const last = Math.min(Number(s["last"]), 14);
      for (let frame = 0; frame <= last; frame++) {
        if (frame > 0) {
          await page.keyboard.press("ArrowRight");
          await waitState(page, `s.scene === "replay" && s.frame === ${frame}`);
        }
        const now = await smallTexts(page, `${game} (6 seats) frame ${frame}`);
        small.push(...now.small);
        checked += now.checked;
        if (frame === 6) {
          // Once the moves' banners have gone (the arrow keys stepped faster than they fade).
          await page.evaluate(() => {
            const scene = (
              window as unknown as {
                __game: { scene: { getScene(k: string): { tweens: { timeScale: number }; time: { timeScale: number } } } };
              }
            ).__game.scene.getScene("replay");
            scene.tweens.timeScale = 40;
            scene.time.timeScale = 40;
          });
          await page.waitForTimeout(300);
          await screenshot(page, `phone-text/${game}-6-seats`);
          // Readable: no text over another or cut at the screen's edge, no seat over a seat or a pile.
          crowded.push(...(await crowding(page)).map((c) => `${game} frame ${frame}: ${c}`));
        }
      }
      if (game === "dark_hand") {
        // A phone's panel unfolds for the rest of its controls.
        await page.click('[data-testid="replay-more-btn"]');
        await page.waitForFunction(
          () => document.querySelector('[data-testid="replay-more-btn"]')?.getAttribute("aria-expanded") === "true",
        );
        // Over the table's lower part, on the screen; the table keeps its layout.
        const panel = await page.evaluate(() => {
          const r = document.querySelector('[data-testid="replay-panel"]')!.getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, canvas: document.querySelector("#game canvas")!.getBoundingClientRect().bottom };
        });
        expect(panel.bottom).toBeLessThanOrEqual(844);
        expect(panel.top).toBeGreaterThanOrEqual(844 / 2 - 1);
        expect(panel.canvas).toBeGreaterThan(panel.top);
        await screenshot(page, `phone-text/${game}-6-seats-more`);
      }
      await page.keyboard.press("End");
      await waitState(page, `s.scene === "replay" && s.frame === s.last`);
      const end = await smallTexts(page, `${game} (6 seats) end`);
      small.push(...end.small);
      checked += end.checked;
      await clickTarget(page, "button:exit-replay");
      await waitState(page, `s.scene === "lobby"`);
    }
    const under = distinct(small);
    // Text was really read (a check that found none would pass on anything).
    expect(checked).toBeGreaterThan(100);
    expect(under, `${under.length} texts under ${MIN_PX} px (of ${checked} checked)`).toEqual([]);
    expect(crowded).toEqual([]);
    expect(errors).toEqual([]);
    await player.close();
  });
});
