/**
 * The keyboard table (client/src/a11y/) is for keyboard players only. A mouse player who presses
 * Enter on a button (as the invite banner says) or a game's shortcut (Space slaps) never
 * sees it: it used to open as a 560x430 panel over the left half of the table at their next turn,
 * over their hand, the draw pile and the Chat toggle. Tab opens it docked beside the table (the
 * table makes room), covering none of the own hand, piles, seats or buttons, at 1280x720 and
 * 390x844; Escape closes it and gives the focus back. Screenshots: e2e/screenshots/keyboard-table/.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { crowding } from "./lib/overlap.ts";
import {
  chooseTable,
  clickTarget,
  DESKTOP,
  has,
  PHONE,
  quickPlay,
  screenshot,
  state,
  useBrowserSuite,
  waitState,
  type Viewport,
} from "./lib/index.ts";

const suite = useBrowserSuite();

interface Box {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

const overlaps = (a: Box, b: Box): boolean => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const say = (b: Box): string => `${b.id} at ${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.w)}x${Math.round(b.h)}`;

/** The keyboard table's box on the page, or null while it is hidden (a 1-px clipped box). */
async function panelBox(page: Page): Promise<Box | null> {
  return page.evaluate(() => {
    const el = document.querySelector("#a11y-table");
    const r = el?.getBoundingClientRect();
    return r && r.width > 4 && r.height > 4 ? { id: "keyboard table", x: r.left, y: r.top, w: r.width, h: r.height } : null;
  });
}

/**
 * Everything the player needs on the table: the test hook's targets (cards, piles, seats, canvas
 * and HTML buttons) and every visible HTML button or toggle of the page but the panel's own.
 * Read twice 250 ms apart until the same (the table re-lays itself out after making room).
 */
async function settledBoxes(page: Page): Promise<Box[]> {
  const read = () =>
    page.evaluate(() => {
      const hook = (window.__scat?.targets() ?? []).map((t) => ({ id: t.id, x: t.x - t.w / 2, y: t.y - t.h / 2, w: t.w, h: t.h }));
      const dom = [...document.querySelectorAll<HTMLElement>("#ui button, #ui summary, #ui select, #ui input")]
        // Not the panel's own, nor the inside of a closed box (the Chat toggle's phrases).
        .filter((el) => !el.closest("#a11y-table") && el.checkVisibility({ visibilityProperty: true }))
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && r.height > 0)
        .map(({ el, r }) => ({
          id: `html:${el.dataset["testid"] ?? el.textContent?.trim().slice(0, 20) ?? el.tagName}`,
          x: r.left,
          y: r.top,
          w: r.width,
          h: r.height,
        }));
      return [...hook, ...dom];
    });
  const key = (boxes: Box[]): string =>
    JSON.stringify(boxes.map((b) => [b.id, Math.round(b.x), Math.round(b.y), Math.round(b.w), Math.round(b.h)]));
  let last = await read();
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(250);
    const now = await read();
    if (key(now) === key(last)) return now;
    last = now;
  }
  throw new Error("the table did not settle in 5 s");
}

const inPanel = (page: Page): Promise<boolean> => page.evaluate(() => Boolean(document.activeElement?.closest("#a11y-table")));

describe("the keyboard table", () => {
  it("does not open for a mouse player's Enter on a button, nor for Space at Hit the Deck", async () => {
    const { page, errors, close } = await suite.lobbyPlayer("Mona", DESKTOP);
    await chooseTable(page, { game: "hit_the_deck", seats: 2, bots: 1, turnSeconds: 60, variants: { raceMs: 2000, callMs: 1000 } });
    // Enter on the focused Quick play button (the invite banner says "press Enter").
    await page.focus('[data-testid="quick-play"]');
    await page.keyboard.press("Enter");
    await waitState(page, `s.scene === "table" && s.status === "playing"`, 30_000);
    // Our turns, played with the mouse (a card, or DRAW); between them the game's own key, Space
    // (a slap, or a fake-out that draws 2 with no race open). The panel never comes.
    const OWN_TURN = `s.myTurn === true && !(s.client && s.client.race && !s.client.race.closed) && (s.legal || []).some(a => a.type === "play" || a.type === "draw" || a.type === "continue")`;
    let turns = 0;
    for (let i = 0; i < 12 && turns < 3; i++) {
      const s = await waitState(page, OWN_TURN, 60_000);
      expect(await panelBox(page), `the panel at the start of our turn ${turns + 1}`).toBeNull();
      expect(await inPanel(page)).toBe(false);
      if (has(s, "continue")) {
        await clickTarget(page, "button:continue");
        await waitState(page, `!(s.legal || []).some(a => a.type === "continue")`, 30_000);
        continue;
      }
      const card = (s.legal ?? []).find((a) => a.type === "play")?.card as string | undefined;
      await clickTarget(page, card ? `card:${card}` : "button:draw");
      await waitState(page, `s.version !== ${Number(s["version"])}`);
      await waitState(page, `s.myTurn !== true`, 10_000).catch(() => undefined);
      if (!(await state(page)).myTurn) await page.keyboard.press("Space");
      turns++;
    }
    expect(turns).toBe(3);
    expect(await panelBox(page)).toBeNull();
    expect((await state(page))["a11y"]).not.toBeNull();
    expect(errors).toEqual([]);
    await close();
  }, 120_000);

  const SIZES: ReadonlyArray<{ view: Viewport; label: string }> = [
    { view: DESKTOP, label: "1280x720" },
    { view: PHONE, label: "390x844" },
  ];
  for (const { view, label } of SIZES) {
    it(`opens with Tab docked beside the table, covers no card, pile, seat or button, closes with Escape (${label})`, async () => {
      const { page, errors, close } = await suite.lobbyPlayer("Kit", view);
      await chooseTable(page, { game: "devils_scat", seats: 2, bots: 1, turnSeconds: 60 });
      await quickPlay(page, "(s.hand || []).length > 0");
      const closedBoxes = await settledBoxes(page);
      expect(await panelBox(page)).toBeNull();
      await screenshot(page, `keyboard-table/${label}-closed`);

      await page.keyboard.press("Tab");
      await page.waitForFunction(
        () => {
          const r = document.querySelector("#a11y-table")?.getBoundingClientRect();
          return r !== undefined && r.width > 4 && r.height > 4;
        },
        null,
        { timeout: 5000, polling: 30 },
      );
      expect(await inPanel(page)).toBe(true);
      const boxes = await settledBoxes(page);
      const panel = (await panelBox(page))!;
      await screenshot(page, `keyboard-table/${label}-open`);
      // Everything the table showed before is still there, on the screen, and none under the panel.
      expect(boxes.filter((b) => b.id.startsWith("card:")).length).toBe(closedBoxes.filter((b) => b.id.startsWith("card:")).length);
      expect(boxes.some((b) => b.id.startsWith("pile:"))).toBe(true);
      expect(boxes.some((b) => b.id.startsWith("seat:"))).toBe(true);
      expect(boxes.filter((b) => overlaps(b, panel)).map(say), say(panel)).toEqual([]);
      expect(
        boxes.filter((b) => b.x < -0.5 || b.y < -0.5 || b.x + b.w > view.width + 0.5 || b.y + b.h > view.height + 0.5).map(say),
        "off the screen",
      ).toEqual([]);
      // The smaller table keeps its own texts on its part of the screen (the own seat's line ran off the left).
      expect((await crowding(page)).filter((line) => line.endsWith("cut at the edge"))).toEqual([]);
      expect(panel.x >= 0 && panel.y >= 0 && panel.x + panel.w <= view.width && panel.y + panel.h <= view.height).toBe(true);

      // Escape closes it; the focus leaves it, and the table has the whole window again.
      await page.keyboard.press("Escape");
      await page.waitForFunction(
        () => {
          const r = document.querySelector("#a11y-table")?.getBoundingClientRect();
          return r !== undefined && r.width <= 4;
        },
        null,
        { timeout: 5000, polling: 30 },
      );
      expect(await inPanel(page)).toBe(false);
      const canvas = await page.evaluate(() => {
        const r = document.querySelector("#game canvas")!.getBoundingClientRect();
        return { w: r.width, h: r.height };
      });
      expect(canvas).toEqual({ w: view.width, h: view.height });
      expect(errors).toEqual([]);
      await close();
    }, 90_000);
  }

  it("arrow keys open it too; the Sound popover's setting turns it off (Tab shows nothing) or on (docked without a key)", async () => {
    const { page, errors, close } = await suite.lobbyPlayer("Ari", DESKTOP);
    await chooseTable(page, { game: "devils_scat", seats: 2, bots: 1, turnSeconds: 60 });
    await quickPlay(page, "(s.hand || []).length > 0");
    const open = () =>
      page.waitForFunction(() => (document.querySelector("#a11y-table")?.getBoundingClientRect().width ?? 0) > 4, null, {
        timeout: 5000,
        polling: 30,
      });
    const shut = () =>
      page.waitForFunction(() => (document.querySelector("#a11y-table")?.getBoundingClientRect().width ?? 9) <= 4, null, {
        timeout: 5000,
        polling: 30,
      });
    await page.keyboard.press("ArrowRight");
    await open();
    expect(await inPanel(page)).toBe(true);
    await page.keyboard.press("Escape");
    await shut();

    // Off: the layer stays for screen readers, but Tab shows no panel.
    await page.click('[data-testid="sound-button"]');
    await page.selectOption('[data-testid="keyboard-table-mode"]', "off");
    expect(await page.evaluate(() => localStorage.getItem("scat.keyboardTable"))).toBe("off");
    await page.click('[data-testid="sound-button"]');
    await page.mouse.click(120, 300);
    await page.keyboard.press("Tab");
    expect(await panelBox(page)).toBeNull();

    // On: docked at once, with nothing focused in it, and it still covers nothing.
    await page.click('[data-testid="sound-button"]');
    await page.selectOption('[data-testid="keyboard-table-mode"]', "on");
    await page.click('[data-testid="sound-button"]');
    await open();
    const boxes = await settledBoxes(page);
    const panel = (await panelBox(page))!;
    expect(boxes.filter((b) => overlaps(b, panel)).map(say), say(panel)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  }, 60_000);
});
