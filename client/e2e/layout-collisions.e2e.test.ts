/**
 * Nothing on screen fights the player, boxes measured (as toast-place and lib/overlap.ts do):
 * Dark Hearts' "hearts broken" chips stay beside the header, clear of the toolbar, at 1280x720
 * (the "☾ Dark ♥" chip ran under Link · Invite · Sound); Scatterbrain's "memorise the deal!"
 * banner leaves the memorise countdown readable; result and profile tables fit a 390x844 phone
 * (no column cut at the right); the rules and profile panels are opaque; saving an account says
 * so next to the button. Screenshots: e2e/screenshots/layout/.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { canvasTexts } from "./lib/canvas-text.ts";
import { chooseTable, clickTarget, DESKTOP, PHONE, quickPlay, screenshot, useBrowserSuite, waitState, type Viewport } from "./lib/index.ts";
import { openSection } from "./lib/lobby.ts";

// E2E_CLIENT_DIST: another build of the client (the one before a fix, to see these tests fail on it).
const suite = useBrowserSuite(process.env["E2E_CLIENT_DIST"] ? { CLIENT_DIST: process.env["E2E_CLIENT_DIST"] } : {});
const shot = (page: Page, name: string): Promise<string> => screenshot(page, `layout/${name}`);

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}
const overlaps = (a: Rect, b: Rect): boolean => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const say = (r: Rect): string => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.w)}x${Math.round(r.h)}`;

/** Every `table.results` on the page that is wider than the box it sits in (cut at the right), as sentences. */
async function cutTables(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLTableElement>("table.results")].flatMap((t) => {
      const r = t.getBoundingClientRect();
      if (r.width === 0) return [];
      const out: string[] = [];
      if (r.right > innerWidth + 0.5)
        out.push(`${t.dataset["testid"] ?? t.className} ends at ${Math.round(r.right)} px, past the screen's ${innerWidth}`);
      for (let box = t.parentElement; box; box = box.parentElement) {
        if (box.scrollWidth > box.clientWidth + 1 && getComputedStyle(box).overflowX !== "visible") {
          out.push(
            `${t.dataset["testid"] ?? t.className} is ${box.scrollWidth} px wide in a ${box.clientWidth} px ${box.className || box.tagName} (scrolls sideways)`,
          );
          break;
        }
      }
      return out;
    }),
  );
}

/** The alpha of a panel's own background (1: nothing behind it shows through). */
async function backgroundAlpha(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => {
    const c = getComputedStyle(document.querySelector(sel)!).backgroundColor;
    const m = /rgba?\(([^)]+)\)/.exec(c);
    const parts = m ? m[1]!.split(",").map((x) => Number(x.trim())) : [];
    return parts.length === 4 ? parts[3]! : parts.length === 3 ? 1 : 0;
  }, selector);
}

describe("layout collisions", () => {
  it("Dark Hearts' hearts-broken chips stay clear of the toolbar at 1280x720", async () => {
    const { page, errors, close } = await suite.lobbyPlayer("Dora", DESKTOP);
    // How to play, at 1280x720: an opaque panel over the lobby form.
    await page.click('[data-testid="rules-dark_hearts"]');
    await page.waitForSelector('[data-testid="rules"]');
    expect.soft(await backgroundAlpha(page, '[data-testid="rules"]'), "rules panel background alpha").toBe(1);
    await shot(page, "00-rules-desktop");
    await page.click('[data-testid="rules-close"]');
    // Three players: the header also names the leftover, the longest line it has.
    await chooseTable(page, { game: "dark_hearts", seats: 3, bots: 2, turnSeconds: 60 });
    await quickPlay(page, "(s.hand || []).length > 0");
    await page.waitForFunction(() => document.querySelector('[data-testid="toolbar"]') !== null);
    const bar = await page.evaluate(() => {
      const r = document.querySelector('[data-testid="toolbar"]')!.getBoundingClientRect();
      return { x: r.left, y: r.top, w: r.width, h: r.height };
    });
    const texts = await canvasTexts(page);
    const chips = texts.filter((t) => / ♥ (not )?broken$/.test(t.text));
    await shot(page, "01-dark-hearts-header-desktop");
    expect(chips.map((c) => c.text.slice(0, 8)).sort(), "both chips on screen").toEqual(["☀ Light ", "☾ Dark ♥"]);
    const under = texts.filter((t) => t.y < bar.y + bar.h + 4 && overlaps(t, bar)).map((t) => `"${t.text}" at ${say(t)}`);
    expect(under, `toolbar at ${say(bar)}`).toEqual([]);
    for (const c of chips) expect(c.x + c.w, c.text).toBeLessThanOrEqual(DESKTOP.width);
    expect(errors).toEqual([]);
    await close();
  });

  for (const [view, label] of [
    [DESKTOP, "desktop"],
    [PHONE, "phone"],
  ] as Array<[Viewport, string]>) {
    it(`Scatterbrain's memorise banner leaves the countdown readable: ${label}`, async () => {
      const { page, errors, close } = await suite.lobbyPlayer("Mona", view);
      await chooseTable(page, { game: "scatterbrain", seats: 4, bots: 3, turnSeconds: 60, variants: { memoriseMs: 20000 } });
      await page.click('[data-testid="quick-play"]');
      // The banner at its full size, and the countdown, read in one frame.
      const handle = await page.waitForFunction(
        () => {
          interface Obj {
            type: string;
            text?: string;
            scale: number;
            alpha: number;
            visible: boolean;
            getBounds(): { x: number; y: number; width: number; height: number };
          }
          const game = (
            window as unknown as {
              __game: {
                canvas: HTMLCanvasElement;
                scale: { width: number };
                scene: { getScenes(a: boolean): Array<{ children: { list: Obj[] }; cameras: { main: { zoom: number } } }> };
              };
            }
          ).__game;
          const rect = game.canvas.getBoundingClientRect();
          const k = rect.width / game.scale.width;
          for (const scene of game.scene.getScenes(true)) {
            const banner = scene.children.list.find(
              (o) => o.type === "Text" && o.visible && /memorise the deal/.test(o.text ?? "") && o.scale > 0.99 && o.alpha > 0.9,
            );
            const countdown = window.__scat?.targets().find((t) => t.id.startsWith("countdown:"));
            if (!banner || !countdown) continue;
            const b = banner.getBounds();
            const z = scene.cameras.main.zoom * k;
            return {
              banner: { x: rect.left + b.x * z, y: rect.top + b.y * z, w: b.width * z, h: b.height * z },
              countdown: {
                x: countdown.x - countdown.w / 2,
                y: countdown.y - countdown.h / 2,
                w: countdown.w,
                h: countdown.h,
                id: countdown.id,
              },
            };
          }
          return null;
        },
        null,
        { timeout: 60_000, polling: 30 },
      );
      const seen = (await handle.jsonValue()) as { banner: Rect; countdown: Rect & { id: string } };
      await shot(page, `02-scatterbrain-memorise-${label}`);
      expect(overlaps(seen.banner, seen.countdown), `banner at ${say(seen.banner)}, ${seen.countdown.id} at ${say(seen.countdown)}`).toBe(
        false,
      );
      expect(errors).toEqual([]);
      await close();
    });
  }

  it("on a phone: the result and profile tables fit, the panels are opaque, and a saved account says so beside the button", async () => {
    const { page, errors, close } = await suite.lobbyPlayer("Pia", PHONE);
    // How to play: an opaque panel over the lobby.
    await page.click('[data-testid="rules-devils_scat"]');
    await page.waitForSelector('[data-testid="rules"]');
    expect.soft(await backgroundAlpha(page, '[data-testid="rules"]'), "rules panel background alpha").toBe(1);
    await shot(page, "03-rules-phone");
    await page.click('[data-testid="rules-close"]');

    // A round of Devil's Scat, knocked at once: the round's result table fits the phone.
    await chooseTable(page, { game: "devils_scat", seats: 4, bots: 3, turnSeconds: 60 });
    await quickPlay(page, "true");
    // Knock at the first chance (a turn the player lets run out is played for them).
    for (;;) {
      const s = await waitState(
        page,
        `s.resultPanel === "round" || s.resultPanel === "game" || (s.legal || []).some(a => a.type === "knock")`,
        120_000,
      );
      if (s.resultPanel) break;
      await clickTarget(page, "button:knock").catch(() => undefined);
    }
    await shot(page, "04-result-phone");
    expect.soft(await cutTables(page), "result table").toEqual([]);
    await clickTarget(page, "button:leave");
    await page.click('[data-testid="confirm-yes"]');
    await waitState(page, `s.scene === "lobby"`);

    // Save the account: the confirmation shows beside the button that did it.
    await openSection(page, "profile");
    await page.click('[data-testid="show-register"]');
    await page.fill('[data-testid="register-form-username"]', "pia_layout");
    await page.fill('[data-testid="register-form-password"]', "lantern orbit meadow copper");
    // The form (its fields and the Save button) folds away once saved: the note takes its place.
    const button = await page.evaluate(() => {
      const r = document.querySelector('[data-testid="register-form"]')!.getBoundingClientRect();
      return { x: r.left, y: r.top + scrollY, w: r.width, h: r.height };
    });
    await page.click('[data-testid="register-form-submit"]');
    await page.waitForSelector('[data-testid="account-saved"]', { timeout: 15_000 }).catch(() => undefined);
    await shot(page, "05-account-saved-phone");
    expect
      .soft(
        await page.evaluate(() => document.querySelector('[data-testid="account-saved"]')?.textContent ?? "(no note)"),
        "the saved note",
      )
      .toContain("@pia_layout");
    const note = await page.evaluate(() => {
      const r = document.querySelector('[data-testid="account-saved"]')?.getBoundingClientRect();
      return r ? { x: r.left, y: r.top + scrollY, w: r.width, h: r.height, inView: r.top >= 0 && r.bottom <= innerHeight } : null;
    });
    if (note) {
      expect(
        note.y >= button.y - 60 && note.y <= button.y + button.h,
        `note at ${say(note)}, the form with its button was at ${say(button)}`,
      ).toBe(true);
      expect(note.inView, "the note in view").toBe(true);
    }
    // Saving shows the account's recovery codes once, over the page, until they are put away.
    await page.click('[data-testid="recovery-codes-done"]');

    // The profile: an opaque panel whose tables (ratings, ranked and casual games) fit the phone.
    // Its history is a week of games (answered here in the server's shapes, docs/API.md): the
    // tables' width comes from their rows (dates, games, who sat there).
    const at = Date.UTC(2026, 11, 1, 20, 30);
    const casual = [1, 2, 3].map((i) => ({
      tableId: `T${i}`,
      game: "dark_hearts",
      at: at - i * 3_600_000,
      outcome: "finished",
      place: i,
      opponents: [
        { name: "Bartholomew", place: 1, bot: false },
        { name: "Cleo", place: 3, bot: true },
        { name: "Dmitri", place: 4, bot: true },
      ],
      replay: null,
    }));
    await page.route("**/api/me/games?*", (r) =>
      r.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ games: casual }) }),
    );
    const ranked = [1, 2].map((i) => ({
      matchId: `m${i}`,
      game: "devils_scat",
      endedAt: at - i * 7_200_000,
      place: i,
      ratingBefore: 1500,
      ratingAfter: 1500 + (i === 1 ? 16 : -16),
      delta: i === 1 ? 16 : -16,
      opponents: [
        { playerId: "p2", name: "Bartholomew", place: 3 - i },
        { playerId: "p3", name: "Cleopatra", place: 3 },
      ],
      replay: true,
    }));
    await page.route("**/api/players/*/matches?*", (r) =>
      r.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ matches: ranked, next: null }) }),
    );
    await page.click('[data-testid="open-profile"]');
    await page.waitForSelector('[data-testid="casual-game"]', { timeout: 15_000 });
    await page.waitForSelector('[data-testid="match-m1"]', { timeout: 15_000 });
    expect.soft(await backgroundAlpha(page, '[data-testid="profile"]'), "profile panel background alpha").toBe(1);
    await shot(page, "06-profile-phone");
    expect.soft(await cutTables(page), "profile tables").toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});
