/**
 * Each of the six games played for one round with the keyboard only (the lobby
 * too), through the keyboard table (client/src/a11y/). The test reads the state through the hook
 * but never clicks: every move is a key press on the focused DOM control. One server for all six.
 */
import { describe, expect, it } from "vitest";
import { playLogged } from "@scat/shared/fairness/test-support.ts";
import { createRng } from "@scat/shared";
import type { Page } from "playwright-core";
import { axeViolations } from "./lib/axe.ts";
import {
  screenshot,
  target,
  chooseTable,
  has,
  openLobby,
  openSection,
  state,
  useBrowserSuite,
  waitState,
  type Player,
  type TableState,
} from "./lib/index.ts";

const t = useBrowserSuite();

interface A11yState {
  hand: string[];
  actions: string[];
  status: string;
  focus: string | null;
}
const a11y = (s: TableState): A11yState | null => (s["a11y"] as A11yState | null) ?? null;

/** A hand card some legal action names (what Enter on the hand plays). */
function cardMove(s: TableState): boolean {
  const hand = new Set(s.hand ?? []);
  return (s.legal ?? []).some((a) => typeof a.card === "string" && hand.has(a.card));
}

async function focusKey(page: Page): Promise<string | null> {
  return page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset?.["key"] ?? null);
}

async function focusedTag(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      `${document.activeElement?.tagName ?? ""}:${(document.activeElement as HTMLElement | null)?.closest("#a11y-table") ? "layer" : "out"}`,
  );
}

/** One keyboard move on our turn; the key strokes a player would use. */
async function move(page: Page, s: TableState): Promise<void> {
  const k = page.keyboard;
  if (s.game === "hit_the_deck") {
    if (has(s, "call")) return k.press("c");
    if (s.phase === "race" && has(s, "slap")) return k.press("Space");
    if (has(s, "draw")) return k.press("d");
  }
  if (has(s, "passCards")) {
    await k.press("h");
    for (let i = 0; i < 3; i++) {
      await k.press("Enter");
      await k.press("ArrowRight");
    }
    await k.press("a");
    return k.press("Enter");
  }
  if (cardMove(s) && !has(s, "skipGuess")) {
    await k.press("h");
    await k.press("Enter");
    // A card with several moves (Dark Hearts: lead it Light or Dark) moves the focus to its choices.
    if ((await focusKey(page))?.startsWith("act:")) await k.press("Enter");
    return;
  }
  await k.press("a");
  if ((await focusedTag(page)).startsWith("SELECT")) {
    await k.press("Tab");
  }
  await k.press("Enter");
}

const mine = (s: TableState): boolean => s.status === "playing" && (s.legal ?? []).some((a) => a.type !== "slap" || s.phase === "race");

/**
 * Plays until a round result (Continue legal) or the game's end, or (`maxMoves`) until that many
 * of our moves were made by keyboard; returns the moves made.
 */
async function playRound(page: Page, limitMs: number, maxMoves = Infinity): Promise<number> {
  const end = Date.now() + limitMs;
  let moves = 0;
  let lastVersion = -1;
  while (Date.now() < end) {
    const s = await waitState(
      page,
      `s.scene === "table" && (s.status !== "playing" || (s.legal ?? []).length > 0 || s.resultPanel)`,
      Math.max(1000, end - Date.now()),
    );
    if (s.status === "ended" || s.outcome || moves >= maxMoves) return moves;
    const version = Number(s["version"] ?? -1);
    if (has(s, "continue")) {
      if (maxMoves === Infinity) return moves;
      // A round over before our moves were made (a bot's Scat on its first turn ended Skit Scat's
      // first hand in ci of stop 35): Continue by keyboard too, and play on in the next round.
      if (version !== lastVersion) {
        if (process.env["A11Y_DEBUG"]) console.log("continue after", moves, "moves");
        await move(page, s);
        lastVersion = version;
      }
      await page.waitForTimeout(60);
      continue;
    }
    if (!mine(s) || version === lastVersion) {
      await page.waitForTimeout(60);
      continue;
    }
    if (process.env["A11Y_DEBUG"]) console.log(Date.now() % 100000, s.phase, JSON.stringify(s.legal?.slice(0, 4)), a11y(s)?.focus);
    await move(page, s);
    lastVersion = version;
    moves++;
    // The move reached the table: a new version (or, refused, the same one after a moment).
    await page
      .waitForFunction(
        (v) => {
          const x = window.__scat?.state() as { version?: number } | undefined;
          return x?.version !== v;
        },
        version,
        { timeout: 3000, polling: 30 },
      )
      .catch(() => undefined);
  }
  const last = await state(page);
  throw new Error(
    `no round end in ${limitMs} ms: ${JSON.stringify({ a11y: last["a11y"], legal: last.legal, toasts: last.toasts, phase: last.phase })}`,
  );
}

/**
 * CI plays a whole round of Devil's Scat (a knock ends it fast) and the first moves of every
 * other game (each kind of move the layer offers there); `npm run test:a11y:rounds -w client`
 * (A11Y_FULL_ROUNDS=1) plays a whole round of all six.
 */
const FULL = process.env["A11Y_FULL_ROUNDS"] === "1";
const GAMES: ReadonlyArray<{ game: string; seats: number; moves: number; variants?: Record<string, string | number | boolean> }> = [
  { game: "devils_scat", seats: 2, moves: Infinity },
  { game: "skit_scat", seats: 2, moves: 3 },
  { game: "dark_hand", seats: 2, moves: 3 },
  { game: "dark_hearts", seats: 3, moves: 3 },
  { game: "scatterbrain", seats: 4, moves: 3, variants: { memoriseMs: 3000, guessMs: 10000 } },
  { game: "hit_the_deck", seats: 2, moves: 3, variants: { raceMs: 2000, callMs: 1000 } },
];

/** Back to the lobby from the last game, by keyboard: the layer's Leave, then the dialog's Leave. */
async function backToLobby(page: Page): Promise<void> {
  if (!page.url().includes("a11y-started")) return openLobby(page, t.server.url + "/?a11y-started", "Kay");
  if ((await state(page)).scene !== "table") return;
  await page.focus('[data-testid="a11y-leave"]');
  await page.keyboard.press("Enter");
  if (await page.locator('[data-testid="confirm"]').count()) {
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
  }
  await waitState(page, `s.scene === "lobby"`);
}

/** One browser for all six games (leaving each table by keyboard): one page load, not six. */
let player: Player | null = null;

describe("every page passes axe, every game by keyboard alone", () => {
  it("lobby, rules and account forms: no serious or critical axe violations", async () => {
    const { page } = (player ??= await t.player());
    await openLobby(page, t.server.url + "/?a11y-started", "Kay");
    // The account's status is in the Profile section (home page), not shown on Play.
    await page.waitForSelector('[data-testid="account-status"]', { state: "attached" });
    expect((await axeViolations(page)).join("; ")).toBe("");
    await page.click('[data-testid="rules-dark_hearts"]');
    await waitState(page, `s.scene === "lobby"`);
    await page.waitForSelector(".rules");
    expect((await axeViolations(page)).join("; ")).toBe("");
    await page.keyboard.press("Escape");
    await openSection(page, "profile");
    await page.click('[data-testid="show-sign-in"]');
    await page.waitForSelector('[data-testid="sign-in-form"]:not([hidden])');
    expect((await axeViolations(page)).join("; ")).toBe("");
  });

  for (const g of GAMES) {
    it(`${g.game}: ${g.moves === Infinity || FULL ? "one round" : `${g.moves} moves`} with key presses only; the table and the result pass axe`, async () => {
      const t0 = Date.now();
      const { page, errors } = (player ??= await t.player());
      await backToLobby(page);
      await chooseTable(page, {
        game: g.game,
        seats: g.seats,
        bots: g.seats - 1,
        turnSeconds: 60,
        ...(g.variants ? { variants: g.variants } : {}),
      });
      // Quick play by keyboard: focus the button, press Enter.
      await page.focus('[data-testid="quick-play"]');
      await page.keyboard.press("Enter");
      const s = await waitState(page, `s.scene === "table" && s.status === "playing"`, 30_000);
      expect(a11y(s)).not.toBeNull();
      expect((await axeViolations(page)).join("; ")).toBe("");
      if (process.env["A11Y_DEBUG"]) console.log("playing at", Date.now() - t0);
      if (g.game === "devils_scat") {
        // Item 4: a click on a card before drawing says why, next to the card, and the layer announces it.
        // Our first draw (a round a bot ends before it, by a dealt Scat: Continue by keyboard, next round).
        for (let i = 0; i < 3; i++) {
          const w = await waitState(page, `(s.legal ?? []).some((a) => a.type === "drawDeck" || a.type === "continue")`, 40_000);
          if (has(w, "drawDeck")) break;
          await page.keyboard.press("a");
          await page.keyboard.press("Enter");
          await waitState(page, `!(s.legal ?? []).some((a) => a.type === "continue")`, 10_000);
        }
        const before = await state(page);
        // A card that cannot be played now (its target is disabled): a real click on the canvas.
        const tg = await target(page, `card:${before.hand![0]}`);
        expect(tg?.enabled).toBe(false);
        await page.mouse.click(tg!.x, tg!.y);
        // The bubble shows for a few seconds: its text is read in the same poll that finds it, with
        // the toasts on screen then (the reason is said once, beside the card: not in a toast too).
        const bubble = await page.waitForFunction(
          () => {
            const text = document.querySelector('[data-testid="refusal-bubble"]')?.textContent;
            return text ? { text, toasts: [...document.querySelectorAll(".toast")].map((e) => e.textContent) } : null;
          },
          null,
          { timeout: 15_000, polling: 30 },
        );
        const said = (await bubble.jsonValue())!;
        expect(said.text).toBe("Draw a card before you discard.");
        // The table's answer reached both listeners by now; a toast would have come with the bubble.
        await page.waitForTimeout(300);
        expect([
          ...said.toasts,
          ...(await page.evaluate(() => [...document.querySelectorAll(".toast")].map((e) => e.textContent))),
        ]).not.toContain("Draw a card before you discard.");
        expect(await page.textContent('[data-testid="a11y-reason"]')).toBe("Draw a card before you discard.");
        expect((await state(page)).hand).toEqual(before.hand);
        await screenshot(page, "a11y/01-refused-click");
        await page.keyboard.press("h");
        // The open panel is on screen and is not its own scroller (its body scrolls): a fixed
        // element scrolling its overflow made Chromium paint a white rectangle above it (WebGL).
        const panel = await page.evaluate(() => {
          const root = document.querySelector<HTMLElement>("#a11y-table")!;
          const body = root.querySelector<HTMLElement>('[data-testid="a11y-body"]');
          const r = root.getBoundingClientRect();
          const focused = document.activeElement!.getBoundingClientRect();
          return {
            position: getComputedStyle(root).position,
            overflow: getComputedStyle(root).overflowY,
            onScreen: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth,
            bodyScrolls: body !== null && getComputedStyle(body).overflowY === "auto" && body.scrollHeight > body.clientHeight,
            focusedInView: focused.top >= r.top && focused.bottom <= r.bottom,
          };
        });
        expect(panel).toEqual({ position: "fixed", overflow: "visible", onScreen: true, bodyScrolls: true, focusedInView: true });
        await screenshot(page, "a11y/02-keyboard-table");
      }
      const moves = await playRound(page, FULL ? 150_000 : 60_000, FULL ? Infinity : g.moves);
      expect(moves).toBeGreaterThan(0);
      if (g.moves === Infinity || FULL) {
        await waitState(page, `s.resultPanel`, 20_000);
        expect((await axeViolations(page)).join("; ")).toBe("");
      }
      if (process.env["A11Y_DEBUG"]) console.log("done", Date.now() - t0, moves);
      expect(errors).toEqual([]);
    });
  }

  it('the replay: passes axe, steps with the arrow keys, says "You are playing"', async () => {
    const { page, errors } = await t.player();
    await openLobby(page, t.server.url, "Kay");
    const { log } = playLogged("devils_scat", "e2e-a11y", createRng("e2e-a11y"), 0);
    await page.setInputFiles('[data-testid="replay-file"]', {
      name: "log.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(log)),
    });
    await waitState(page, `s.scene === "replay" && s.frame === 0`, 60_000).catch(async (e: unknown) => {
      await screenshot(page, "a11y/replay-failed");
      throw new Error(`${String(e)} ${JSON.stringify(await state(page)).slice(0, 300)}`);
    });
    expect((await axeViolations(page)).join("; ")).toBe("");
    await page.keyboard.press("ArrowRight");
    await waitState(page, `s.frame === 1`, 10_000);
    await page.keyboard.press("ArrowRight");
    await waitState(page, `s.frame === 2`, 10_000);
    await page.keyboard.press("ArrowLeft");
    await waitState(page, `s.frame === 1`, 10_000);
    await page.keyboard.press("End");
    await waitState(page, `s.frame === s.last`, 10_000);
    await page.keyboard.press("Home");
    await waitState(page, `s.frame === 0`, 10_000);
    expect(await page.evaluate(() => document.body.innerText)).not.toContain("You is");
    expect(errors).toEqual([]);
  });
});
