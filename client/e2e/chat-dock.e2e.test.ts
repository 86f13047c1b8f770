/**
 * Chat beside the table, never over it. The open chat used to be a box over the bottom left of the
 * table: it hid the left-most cards and the turn timer, the Rematch button at game over, and on a
 * phone the whole hand; unread lines showed only as a dot. Now it docks as the keyboard table does
 * (the table makes room): a column at the right at 1280x720, a sheet at the bottom at 390x844 that
 * shrinks the table. Measured here at both sizes (one game, the window resized between them):
 * while playing (cards, piles, seats, buttons, the turn timer) and at game over (Rematch and the
 * result's buttons); an unread count on the toggle, said politely to screen readers.
 * A spectator's quick phrases make the unread lines. Screenshots: e2e/screenshots/chat-dock/.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectClearOfToolbar } from "./lib/canvas-text.ts";
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
  type TableState,
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

const overlaps = (a: Box, b: Box): boolean =>
  a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;
const say = (b: Box): string => `${b.id} at ${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.w)}x${Math.round(b.h)}`;
const SIZES: ReadonlyArray<{ view: Viewport; label: string }> = [
  { view: DESKTOP, label: "1280x720" },
  { view: PHONE, label: "390x844" },
];

/** Opens the chat (the toggle of either design: a toolbar button, or the old box's summary). */
async function toggleChat(page: Page): Promise<void> {
  await page.click('[data-testid="chat-toggle"], [data-testid="chat-panel"] > summary');
}

/** The open chat's box on the page (null while closed). */
async function chatBox(page: Page): Promise<Box | null> {
  return page.evaluate(() => {
    const el = document.querySelector<HTMLElement>('[data-testid="chat-panel"]');
    const open = el && (el.tagName === "DETAILS" ? (el as HTMLDetailsElement).open : el.checkVisibility());
    const r = el?.getBoundingClientRect();
    return open && r && r.width > 4 && r.height > 4 ? { id: "chat", x: r.left, y: r.top, w: r.width, h: r.height } : null;
  });
}

/**
 * What the player needs on the table: the test hook's targets (cards, piles, seats, canvas and
 * HTML buttons), every visible HTML button outside the chat, and the turn timer (a canvas ring).
 * Read until two reads 250 ms apart agree (the table re-lays itself out after making room).
 */
async function settledBoxes(page: Page): Promise<Box[]> {
  const read = () =>
    page.evaluate(() => {
      const hook = (window.__scat?.targets() ?? []).map((t) => ({
        id: t.id,
        x: t.x - scrollX - t.w / 2,
        y: t.y - scrollY - t.h / 2,
        w: t.w,
        h: t.h,
      }));
      const dom = [...document.querySelectorAll<HTMLElement>("#ui button, #ui select, #ui input")]
        .filter((el) => !el.closest('[data-testid="chat-panel"]') && el.checkVisibility({ visibilityProperty: true }))
        // The part a player sees: a button scrolled partly out of a scrolling panel is cut at its edge.
        .map((el) => {
          const r = el.getBoundingClientRect();
          let [l, t, rt, b] = [r.left, r.top, r.right, r.bottom];
          for (let p = el.parentElement; p; p = p.parentElement) {
            if (getComputedStyle(p).overflow === "visible") continue;
            const c = p.getBoundingClientRect();
            [l, t, rt, b] = [Math.max(l, c.left), Math.max(t, c.top), Math.min(rt, c.right), Math.min(b, c.bottom)];
          }
          return { el, r: { left: l, top: t, width: rt - l, height: b - t } };
        })
        .filter(({ r }) => r.width > 0 && r.height > 0)
        .map(({ el, r }) => ({
          id: `html:${el.dataset["testid"] ?? el.textContent?.trim().slice(0, 20) ?? el.tagName}`,
          x: r.left,
          y: r.top,
          w: r.width,
          h: r.height,
        }));
      interface Obj {
        name?: string;
        visible: boolean;
        list?: Obj[];
        getBounds?(): { x: number; y: number; width: number; height: number };
      }
      const game = (
        window as unknown as {
          __game: {
            canvas: HTMLCanvasElement;
            scale: { width: number; height: number };
            scene: { getScenes(a: boolean): Array<{ children: { list: Obj[] }; cameras: { main: { zoom: number } } }> };
          };
        }
      ).__game;
      const rect = game.canvas.getBoundingClientRect();
      const sx = rect.width / game.scale.width;
      const sy = rect.height / game.scale.height;
      const timers: Array<{ id: string; x: number; y: number; w: number; h: number }> = [];
      for (const scene of game.scene.getScenes(true)) {
        const zoom = scene.cameras.main.zoom;
        const walk = (list: Obj[]): void => {
          for (const o of list) {
            if (!o.visible) continue;
            if (o.name === "turn-timer" && o.getBounds) {
              const b = o.getBounds();
              timers.push({
                id: "turn-timer",
                x: rect.left + b.x * zoom * sx,
                y: rect.top + b.y * zoom * sy,
                w: b.width * zoom * sx,
                h: b.height * zoom * sy,
              });
            } else if (o.list) walk(o.list);
          }
        };
        walk(scene.children.list);
      }
      return [...hook, ...dom, ...timers];
    });
  const key = (boxes: Box[]): string =>
    JSON.stringify(
      boxes.filter((b) => b.id !== "turn-timer").map((b) => [b.id, Math.round(b.x), Math.round(b.y), Math.round(b.w), Math.round(b.h)]),
    );
  let last = await read();
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(250);
    const now = await read();
    if (key(now) === key(last)) return now;
    last = now;
  }
  return last;
}

/** The open chat covers none of the table's things, and all of them are on the screen. */
async function expectClear(page: Page, view: Viewport, where: string, needs: (boxes: Box[]) => void): Promise<void> {
  const boxes = await settledBoxes(page);
  const chat = await chatBox(page);
  expect(chat, `${where}: the chat is open`).not.toBeNull();
  needs(boxes);
  expect(boxes.filter((b) => overlaps(b, chat!)).map(say), `${where}: under the chat (${say(chat!)})`).toEqual([]);
  expect(
    boxes.filter((b) => b.x < -0.5 || b.y < -0.5 || b.x + b.w > view.width + 0.5 || b.y + b.h > view.height + 0.5).map(say),
    `${where}: off the screen`,
  ).toEqual([]);
  expect(
    chat!.x >= -0.5 && chat!.y >= -0.5 && chat!.x + chat!.w <= view.width + 0.5 && chat!.y + chat!.h <= view.height + 0.5,
    `${where}: the chat itself is on the screen`,
  ).toBe(true);
}

/** One move of ours at Hit the Deck, by the mouse: call, slap a race, continue, a card, or draw. */
async function move(page: Page, s: TableState): Promise<void> {
  const types = new Set((s.legal ?? []).map((a) => a.type));
  const raceOpen = Boolean(
    (s as { client?: { race?: { closed?: boolean } } }).client?.race &&
    !(s as { client?: { race?: { closed?: boolean } } }).client?.race?.closed,
  );
  if (types.has("call")) return clickTarget(page, "button:call");
  if (types.has("slap") && raceOpen) return clickTarget(page, "button:slap");
  if (types.has("continue")) return clickTarget(page, "button:continue");
  const card = (s.legal ?? []).find((a) => a.type === "play")?.card as string | undefined;
  if (card && s.myTurn) return clickTarget(page, `card:${card}`);
  if (types.has("draw") && s.myTurn) return clickTarget(page, "button:draw");
}

describe("chat docked beside the table", () => {
  it("docks at the right (1280x720) or as a bottom sheet (390x844), covering no card, pile, seat, button, timer or Rematch; counts unread lines", async () => {
    const { page, errors, close } = await suite.lobbyPlayer("Kit", DESKTOP);
    await chooseTable(page, {
      game: "hit_the_deck",
      seats: 2,
      bots: 1,
      turnSeconds: 60,
      variants: { target: 10, raceMs: 2000, callMs: 1000 },
    });
    const start = await quickPlay(page, "(s.hand || []).length > 0", 60_000);

    // A spectator says two quick phrases while Kit's chat is closed: the toggle counts them.
    const viewer = await suite.player(DESKTOP);
    await viewer.page.goto(`${suite.server.url}/?watch=${start.roomId}`);
    await waitState(viewer.page, `s.scene === "table" && s.watching === true`, 30_000);
    await toggleChat(viewer.page);
    await viewer.page.click('[data-testid="chat-phrase-gg"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="chat-log"]')?.textContent?.includes("Good game"), null, {
      timeout: 15_000,
    });
    await viewer.page.click('[data-testid="chat-phrase-wp"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="chat-log"]')?.textContent?.includes("Well played"), null, {
      timeout: 15_000,
    });
    await viewer.close();
    const unread = await page.evaluate(() => ({
      count: document.querySelector('[data-testid="chat-unread"]')?.textContent?.trim() ?? null,
      said:
        [...document.querySelectorAll('[aria-live="polite"], [role="status"]')]
          .map((el) => el.textContent ?? "")
          .find((t) => /unread/i.test(t)) ?? null,
    }));
    expect.soft(unread.count, "a number on the toggle").toBe("2");
    expect.soft(unread.said, "said politely to screen readers").toMatch(/2 unread/);

    for (const { view, label } of SIZES) {
      await page.setViewportSize(view);
      await settledBoxes(page);
      await screenshot(page, `chat-dock/${label}-closed-unread`);
    }
    await page.setViewportSize(DESKTOP);

    // By keyboard: Enter on the toggle opens it with the focus in the message field; Escape closes
    // it and gives the focus back to the toggle (the keyboard table does not open).
    await page.focus('[data-testid="chat-toggle"]');
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("chat-input");
    expect(await chatBox(page)).not.toBeNull();
    await page.keyboard.press("Escape");
    expect(await chatBox(page)).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("chat-toggle");

    // Open: the table makes room; then the same at a phone's size.
    await toggleChat(page);
    for (const { view, label } of SIZES) {
      await page.setViewportSize(view);
      await expectClear(page, view, `playing at ${label}`, (boxes) => {
        const cards = boxes.filter((b) => b.id.startsWith("card:"));
        expect(cards.length, "the own hand").toBeGreaterThan(0);
        expect(
          boxes.some((b) => b.id.startsWith("pile:")),
          "a pile",
        ).toBe(true);
        expect(
          boxes.some((b) => b.id.startsWith("seat:")),
          "the seats",
        ).toBe(true);
        // Nor does any other button land on the hand in the smaller table (a phone's ✉ Invite did).
        const html = boxes.filter((b) => b.id.startsWith("html:"));
        expect(
          html.flatMap((b) => cards.filter((c) => overlaps(b, c)).map((c) => `${say(b)} on ${say(c)}`)),
          "buttons on the hand",
        ).toEqual([]);
      });
      // The toolbar, one button wider, still clears the table's header texts.
      await expectClearOfToolbar(page);
      await screenshot(page, `chat-dock/${label}-open`);
    }
    expect(await page.evaluate(() => document.querySelector('[data-testid="chat-unread"]')?.textContent?.trim() || "0")).toBe("0");
    await page.setViewportSize(DESKTOP);

    // The turn timer, whenever it shows, is clear of the chat too (our turn: 60 s, it stays).
    const timed = await waitState(page, `s.myTurn === true`, 30_000);
    for (const { view, label } of SIZES) {
      await page.setViewportSize(view);
      await expectClear(page, view, `our turn at ${label}`, (boxes) =>
        expect(
          boxes.some((b) => b.id === "turn-timer"),
          "the turn timer",
        ).toBe(true),
      );
    }
    await page.setViewportSize(DESKTOP);

    // Play the game out with the chat open, then look at the result with Rematch.
    let s: TableState = timed;
    for (let i = 0; i < 400 && s.status !== "ended"; i++) {
      await move(page, s).catch(() => undefined);
      s = await waitState(page, `s.version !== ${Number(s["version"])} || s.status === "ended"`, 30_000).catch(() => state(page));
    }
    expect(s.status).toBe("ended");
    await page.waitForSelector('[data-testid="rematch"]');
    for (const { view, label } of SIZES) {
      await page.setViewportSize(view);
      await expectClear(page, view, `game over at ${label}`, (boxes) => {
        expect(
          boxes.some((b) => b.id === "html:rematch" || b.id === "button:rematch"),
          "the Rematch button",
        ).toBe(true);
        expect(
          boxes.some((b) => b.id === "html:back-to-lobby" || b.id === "button:back-to-lobby"),
          "Back to lobby",
        ).toBe(true);
      });
      await screenshot(page, `chat-dock/${label}-game-over`);
    }
    expect(errors).toEqual([]);
    await close();
  }, 240_000);
});
