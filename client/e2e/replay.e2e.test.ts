/**
 * The replay viewer in a real browser: a Devil's Scat game played against a bot to the end, then
 * "Replay this game": step on and back, play at speed and pause, switch to the other seat's view
 * and to all hands open, jump to a round, go to the end (the stored standings). The same log,
 * opened from a file on a phone (marked "self-consistent only"), a tampered copy refused loudly,
 * and a replay link naming another site refused without a request to it. A Hit the Deck game with server-like slap races, opened from the lobby's file
 * picker: the race report shows every reaction time, how it was adjudicated and that latency
 * compensation changed the order. Last, a game of every kind opens with its own table view.
 * Screenshots land in client/e2e/screenshots/replay/.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { hitTheDeckRaceLog, playLogged } from "@scat/shared/fairness/test-support.ts";
import { createRng, GAME_IDS } from "@scat/shared";
import { openReplay } from "@scat/shared/fairness/replay.ts";
import { reordering, type RaceResult } from "@scat/shared/games/hit-the-deck/index.ts";
import {
  chooseTable,
  clickTarget,
  DESKTOP,
  openLobby,
  PHONE,
  playToGameOver,
  screenshot,
  state,
  useBrowserSuite,
  waitState,
  type TableState,
} from "./lib/index.ts";

// Ranked storage in memory: the ?replay= link test reaches the stored-match log route.
const suite = useBrowserSuite({
  DATA_DIR: ":memory:",
  ...(process.env["E2E_CLIENT_DIST"] ? { CLIENT_DIST: process.env["E2E_CLIENT_DIST"] } : {}),
});
const shot = (page: Page, name: string): Promise<string> => screenshot(page, `replay/${name}`);

/** Serves JSON documents by path on a free loopback port, with CORS (a log stored elsewhere), and records each request. */
const docs = new Map<string, string>();
const served: string[] = [];
let http: Server | null = null;
async function serve(pathname: string, body: unknown): Promise<string> {
  docs.set(pathname, JSON.stringify(body));
  if (!http) {
    http = createServer((req, res) => {
      served.push(req.url ?? "");
      const doc = docs.get(req.url ?? "");
      res.writeHead(doc ? 200 : 404, { "content-type": "application/json", "access-control-allow-origin": "*" });
      res.end(doc ?? "{}");
    });
    await new Promise<void>((resolve) => http!.listen(0, "127.0.0.1", resolve));
  }
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}${pathname}`;
}
afterAll(() => new Promise<void>((resolve) => (http ? http.close(() => resolve()) : resolve())));

interface ReplayState extends TableState {
  readonly frame: number;
  readonly last: number;
  readonly playing: boolean;
  readonly view: { kind: string; seat?: number };
  readonly rounds: readonly number[];
  readonly hands: readonly (readonly string[])[];
  readonly step: string;
  readonly logOutcome: Record<string, unknown>;
  readonly raceReport?: readonly string[] | null;
}
const replayState = async (page: Page): Promise<ReplayState> => (await state(page)) as ReplayState;
const waitReplay = async (page: Page, predicate: string, timeout = 20_000): Promise<ReplayState> =>
  (await waitState(page, `s.scene === "replay" && s.frame !== undefined && (${predicate})`, timeout)) as ReplayState;

describe("replay viewer", () => {
  let playedLog: Record<string, unknown> | null = null;

  it("replays a finished game: step, play, switch view, jump to a round, reach the stored standings", async () => {
    const { page, errors } = await suite.player(DESKTOP);
    await openLobby(page, suite.server.url, "Replayer");
    await chooseTable(page, { game: "devils_scat", seats: 2, bots: 1, turnSeconds: 20, variants: { classic: true } });
    await page.click('[data-testid="quick-play"]');
    const first = await waitState(page, `s.scene === "table" && s.status === "playing" && (s.hand || []).length === 3`, 30_000);
    const over = await playToGameOver(page);
    expect(over.outcome?.winners?.length).toBeGreaterThan(0);
    await page.waitForSelector('[data-testid="deal-verified"]', { timeout: 30_000 });
    // The log as the download link offers it.
    playedLog = await page.evaluate(async () => {
      const href = document.querySelector<HTMLAnchorElement>('[data-testid="download-log"]')!.href;
      return (await (await fetch(href)).json()) as Record<string, unknown>;
    });
    expect(playedLog["game"]).toBe("devils_scat");
    await shot(page, "01-game-over");

    await page.click('[data-testid="replay-game"]');
    let s = await waitReplay(page, "s.frame === 0");
    expect(s.view).toEqual({ kind: "seat", seat: first.mySeat });
    expect(s.last).toBe((playedLog["steps"] as unknown[]).length);
    expect(s.hand).toEqual(s.hands[first.mySeat ?? 0]);
    expect(s.step).toBe("The deal");
    await shot(page, "02-deal");

    for (let i = 1; i <= 3; i++) {
      await clickTarget(page, "button:replay-forward");
      s = await waitReplay(page, `s.frame === ${i}`);
    }
    // In words, with names ("You", the bot's name) and card names; the time on the viewer's clock, not UTC.
    const bot = first.seats?.find((x) => x.index !== first.mySeat)?.name ?? "?";
    expect(s.step).toMatch(new RegExp(`^(You|\u2068?${bot}\u2069?)[: ] ?[a-z]`));
    expect(s.step).not.toMatch(/Seat \d|\(card /);
    const line = (await page.textContent('[data-testid="replay-step"]')) ?? "";
    expect(line).toContain(s.step);
    expect(line).not.toContain("UTC");
    await clickTarget(page, "button:replay-back");
    await waitReplay(page, "s.frame === 2");
    await shot(page, "03-step-2");

    // The other seat's view shows that seat's hand; all hands open lists every hand.
    const other = 1 - (first.mySeat ?? 0);
    await page.selectOption('[data-testid="replay-view"]', `seat:${other}`);
    s = await waitReplay(page, `s.view.kind === "seat" && s.view.seat === ${other}`);
    expect(s.hand).toEqual(s.hands[other]);
    expect(s.frame).toBe(2);
    await page.selectOption('[data-testid="replay-view"]', "open");
    s = await waitReplay(page, `s.view.kind === "open"`);
    expect(s.hand).toEqual([]);
    for (let seat = 0; seat < 2; seat++) {
      const text = await page.textContent(`[data-testid="replay-hand-${seat}"]`);
      for (const card of s.hands[seat] ?? []) expect(text).toContain(card);
    }
    await shot(page, "04-all-hands-open");

    // Play at 8x, then pause.
    await page.selectOption('[data-testid="replay-speed"]', "8");
    await clickTarget(page, "button:replay-play");
    await waitReplay(page, `s.playing && s.frame >= 6`);
    await clickTarget(page, "button:replay-play");
    s = await waitReplay(page, "!s.playing");
    const paused = s.frame;
    await page.waitForTimeout(600);
    expect((await replayState(page)).frame).toBe(paused);

    // Jump to a round (the last one this game had), then to the end: the stored standings.
    const lastRound = s.rounds[s.rounds.length - 1]!;
    const roundFrame = await page.$eval(
      '[data-testid="replay-round"]',
      (el, r) => [...(el as HTMLSelectElement).options].find((o) => o.textContent === `Round ${r}`)?.value ?? null,
      lastRound,
    );
    expect(roundFrame).not.toBeNull();
    await page.selectOption('[data-testid="replay-round"]', roundFrame!);
    await waitReplay(page, `s.frame === ${roundFrame} && s.round === ${lastRound}`);
    await shot(page, "05-jump-to-round");
    await clickTarget(page, "button:replay-end");
    s = await waitReplay(page, `s.frame === s.last`);
    expect(withoutPlaces(s.outcome)).toEqual(s.logOutcome);
    expect(s.outcome).toEqual(over.outcome);
    expect(await page.isVisible('[data-testid="replay-outcome"]')).toBe(true);
    await shot(page, "06-end");
    await clickTarget(page, "button:exit-replay");
    await waitState(page, `s.scene === "lobby"`);
    expect(errors).toEqual([]);
  }, 300_000);

  it("opens a log file on a phone as self-consistent only, refuses a tampered one loudly, and never fetches a foreign replay link", async () => {
    // The log the first test downloaded (a generated one when this test runs alone).
    playedLog ??= JSON.parse(JSON.stringify(playLogged("devils_scat", "e2e-link", createRng("e2e-link"), 0).log)) as Record<
      string,
      unknown
    >;
    const { page, errors } = await suite.player(PHONE);
    const openFile = async (log: unknown): Promise<void> => {
      await openLobby(page, suite.server.url, "Phone");
      await page.setInputFiles('[data-testid="replay-file"]', {
        name: "log.json",
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify(log)),
      });
    };
    await openFile(playedLog);
    const s = await waitReplay(page, "s.frame === 0", 30_000);
    expect(s.last).toBe((playedLog!["steps"] as unknown[]).length);
    expect(s.view).toEqual({ kind: "seat", seat: 0 });
    // A file proves only that it agrees with itself: whoever wrote it chose its seed.
    expect(await page.getAttribute('[data-testid="replay-verified"]', "data-checked")).toBe("file");
    expect(await page.textContent('[data-testid="replay-verified"]')).toContain("self-consistent only");
    await clickTarget(page, "button:replay-forward");
    await waitReplay(page, "s.frame === 1");
    await shot(page, "07-phone-file");
    await clickTarget(page, "button:exit-replay");
    await waitState(page, `s.scene === "lobby"`);

    await openFile({ ...playedLog, seed: (playedLog!["seed"] as string).replace(/^./, (c) => (c === "a" ? "b" : "a")) });
    await page.waitForSelector('[data-testid="replay-error"]', { timeout: 30_000 });
    expect(await page.textContent('[data-testid="replay-error-reason"]')).toContain("commitment-mismatch");
    await shot(page, "08-tampered");
    await page.click('[data-testid="replay-exit"]');
    await waitState(page, `s.scene === "lobby"`);

    // A link to a log elsewhere is refused without a request; a stored match this server lacks says so.
    const foreign = await serve("/matches/good.json", playedLog);
    const before = served.length;
    await page.goto(`${suite.server.url}/?replay=${encodeURIComponent(foreign)}`);
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="lobby-error"]')?.textContent ?? "").includes("only matches stored on this server"),
      undefined,
      { timeout: 30_000 },
    );
    expect(served.length).toBe(before);
    await page.goto(`${suite.server.url}/?replay=no-such-match`);
    await page.waitForSelector('[data-testid="replay-error"]', { timeout: 90_000 });
    expect(await page.textContent('[data-testid="replay-error-reason"]')).toMatch(/No stored match with id no-such-match/);
    await page.click('[data-testid="replay-exit"]');
    await waitState(page, `s.scene === "lobby"`);
    expect(page.url()).not.toContain("replay=");
    expect(errors).toEqual([]);
  });

  it("shows each slap's reaction time and how it was adjudicated in a Hit the Deck replay from a file", async () => {
    const log = hitTheDeckRaceLog("e2e-races", 3, 100);
    const { page, errors } = await suite.player(DESKTOP);
    await openLobby(page, suite.server.url, "Watcher");
    await page.setInputFiles('[data-testid="replay-file"]', {
      name: "race.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(log)),
    });
    let s = await waitReplay(page, "s.frame === 0", 30_000);
    expect(s.game).toBe("hit_the_deck");
    expect(s.view).toEqual({ kind: "seat", seat: 0 });
    // The first race that reaction times reordered (found with the shared engine), and the frame that closed it.
    const opened = openReplay(log);
    if (!opened.ok) throw new Error(opened.reason);
    const closing = opened.replay.frames.find((f) =>
      f.events.some((e) => e.type === "raceClosed" && reordering((e as unknown as { result: RaceResult }).result).changed),
    );
    expect(closing).toBeDefined();
    const seek = async (frame: number): Promise<ReplayState> => {
      await page.$eval(
        '[data-testid="replay-slider"]',
        (el, f) => {
          const input = el as HTMLInputElement;
          input.value = String(f);
          input.dispatchEvent(new Event("change"));
        },
        frame,
      );
      return waitReplay(page, `s.frame === ${frame}`);
    };
    // Just before it closes (the race is open: no times yet), then the step that closes it.
    s = await seek(closing!.index - 1);
    expect(s.info?.["race"]).not.toBeNull();
    await clickTarget(page, "button:replay-forward");
    const reordered: ReplayState | null = await waitReplay(
      page,
      `s.frame === ${closing!.index} && s.client && (s.client.boardText || []).length > 0`,
    );
    const board = (reordered.client as { boardText: string[] }).boardText;
    expect(board.some((l) => l.startsWith("⚖ Lag compensated"))).toBe(true);
    // Names are drawn isolated (FSI … PDI: client/src/ui/names.ts).
    expect(board.some((l) => /^\d\. \u2068?Seat \d.* · ≈?\d+ ms/.test(l))).toBe(true);
    await shot(page, "09-race-closed");
    expect(reordered).not.toBeNull();
    const lines = reordered!.raceReport!;
    expect(
      lines.some((l) =>
        /: \d+ ms, measured on the player's device, checked by the server; arrived \d\. \(\+\d+ ms after the reveal\)/.test(l),
      ),
    ).toBe(true);
    const report = await page.textContent('[data-testid="race-report"]');
    expect(report).toContain("Latency compensation changed the order");
    expect(report).toContain("How it was timed");
    await shot(page, "10-race-report");
    expect(errors).toEqual([]);
  });

  it("replays a game of every kind with its own table: step, every view, the end", async () => {
    const { page, errors } = await suite.player(DESKTOP);
    await openLobby(page, suite.server.url, "Watcher");
    for (const game of GAME_IDS) {
      const { log } = playLogged(game, `e2e-every-${game}`, createRng(`e2e-every-${game}`), 1);
      await page.setInputFiles('[data-testid="replay-file"]', {
        name: `${game}.json`,
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify(log)),
      });
      let s = await waitReplay(page, `s.game === ${JSON.stringify(game)} && s.frame === 0`, 30_000);
      for (let i = 1; i <= 2 && i <= s.last; i++) {
        await clickTarget(page, "button:replay-forward");
        s = await waitReplay(page, `s.frame === ${i}`);
      }
      const seats = (log.options as { seats: number }).seats;
      await page.selectOption('[data-testid="replay-view"]', `seat:${seats - 1}`);
      s = await waitReplay(page, `s.view.seat === ${seats - 1}`);
      expect(s.hand).toEqual(s.hands[seats - 1]);
      await page.selectOption('[data-testid="replay-view"]', "open");
      await waitReplay(page, `s.view.kind === "open"`);
      await shot(page, `11-${game}-open`);
      await clickTarget(page, "button:replay-end");
      s = await waitReplay(page, "s.frame === s.last");
      expect(withoutPlaces(s.outcome)).toEqual(s.logOutcome);
      await shot(page, `12-${game}-end`);
      await clickTarget(page, "button:exit-replay");
      await waitState(page, `s.scene === "lobby"`);
    }
    expect(errors).toEqual([]);
  }, 300_000);
});

/** The log's outcome is the engine's; the state's and the replay's add each seat's place (shared/src/standings.ts). */
function withoutPlaces(outcome: unknown): unknown {
  if (outcome === null || typeof outcome !== "object") return outcome;
  const { places: _places, ...rest } = outcome as Record<string, unknown>;
  return rest;
}
