/**
 * Scatterbrain in a real browser against a real server, with three bots: the memorise phase
 * (all four hands face up, a countdown), the hole-card choice, turns played by clicking the
 * canvas (calling Scatterbrain whenever it is legal), the guess grid when the human guesses,
 * and a guess result announced to the table. Screenshots in e2e/screenshots/scatterbrain/.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  chooseTable,
  clickTarget,
  DESKTOP,
  has,
  PHONE,
  screenshot,
  state,
  targets,
  useBrowserSuite,
  waitState,
  type TableState,
} from "./lib/index.ts";

const suite = useBrowserSuite(process.env["E2E_CLIENT_DIST"] ? { CLIENT_DIST: process.env["E2E_CLIENT_DIST"] } : {});
const SHOT = "scatterbrain";
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const rank = (card: string): number => RANKS.indexOf(card.slice(0, -1)) + 1;

/** The memorise phase: long enough for a loaded CI machine to see it, short enough to keep tests quick. */
const MEMORISE_MS = 8000; // one of the lobby's choices (3, 5, 8, 12, 20 s)

/** Starts a 4-seat table with 3 bots and a short memorise phase; returns the memorise state. */
async function startTable(page: Page): Promise<TableState> {
  await chooseTable(page, { game: "scatterbrain", seats: 4, bots: 3, turnSeconds: 30, variants: { memoriseMs: MEMORISE_MS } });
  await page.click('[data-testid="quick-play"]');
  return waitState(page, `s.scene === "table" && s.phase === "memorise" && Array.isArray(s.dealt)`, 30_000);
}

async function checkMemorise(page: Page, s: TableState, name: string): Promise<string[][]> {
  const dealt = s["dealt"] as string[][];
  expect(dealt).toHaveLength(4);
  for (const hand of dealt) expect(hand).toHaveLength(7);
  expect(dealt[s.mySeat ?? -1]).toEqual(s.hand);
  await page.waitForFunction(() => window.__scat?.targets().some((t) => t.id === "countdown:Memorise") === true, null, { timeout: 5000 });
  // Let the deal animation land (about a second), still in the memorise phase.
  const settled = await waitState(page, `s.phase !== "memorise" || s.remainingMs < ${MEMORISE_MS - 1000}`, MEMORISE_MS);
  expect(settled.phase).toBe("memorise");
  await screenshot(page, `${SHOT}/${name}`);
  return dealt;
}

/** Picks the middle rank of the hand as the hole card (room for a straight on both sides). */
async function chooseHole(page: Page, name: string): Promise<string> {
  const s = await waitState(page, `s.phase === "chooseHole" && (s.legal || []).some(a => a.type === "chooseHole")`, 20_000);
  expect(s["dealt"]).toBeNull();
  // The countdown's label follows on the next frame.
  await page.waitForFunction(() => window.__scat?.targets().some((t) => t.id === "countdown:Hole card") === true, null, { timeout: 5000 });
  await screenshot(page, `${SHOT}/${name}`);
  const hand = [...(s.hand ?? [])].sort((a, b) => rank(a) - rank(b));
  const hole = hand[3] as string;
  await clickTarget(page, `card:${hole}`);
  await waitState(page, `s.myInfo.hole === ${JSON.stringify(hole)}`);
  return hole;
}

/** The card furthest (in rank) from the hole card; the drawn card on a tie. */
function pickDiscard(s: TableState): string {
  const hole = String(s.myInfo?.["hole"] ?? "");
  const options = (s.legal ?? []).filter((a) => a.type === "discard").map((a) => String(a.card));
  const dist = (c: string): number => Math.min(Math.abs(rank(c) - rank(hole)), rank(c) === 1 ? Math.abs(14 - rank(hole)) : 99);
  const held = new Map<number, number>();
  for (const c of options) held.set(rank(c), (held.get(rank(c)) ?? 0) + 1);
  const score = (c: string): number => (held.get(rank(c))! > 1 || rank(c) === rank(hole) ? 100 : dist(c) >= 7 ? 50 + dist(c) : dist(c));
  return options.reduce((best, c) => (score(c) > score(best) ? c : best), options[0] as string);
}

/** Guesses a card an opponent was dealt (remembered from the memorise phase) if still nameable. */
function pickGuess(s: TableState, dealt: string[][]): string {
  const legal = (s.legal ?? []).filter((a) => a.type === "guess").map((a) => String(a.card));
  const seen = dealt.flatMap((hand, seat) => (seat === s.mySeat ? [] : hand));
  return legal.find((c) => seen.includes(c)) ?? (legal[0] as string);
}

interface PlayLog {
  myGuess: string | null;
  tableShot: boolean;
  gridShot: boolean;
}

/** One step of the human's play; returns after the state moved on. */
async function act(page: Page, s: TableState, dealt: string[][], log: PlayLog): Promise<void> {
  const v = s["version"] as number;
  if (s.resultPanel === "round" && has(s, "continue")) await clickTarget(page, "button:continue");
  else if (has(s, "chooseHole")) await chooseHole(page, "02b-hole-choice-again");
  else if (has(s, "callScatterbrain")) await clickTarget(page, "button:call");
  else if (has(s, "guess")) {
    if (!log.gridShot) {
      await screenshot(page, `${SHOT}/04-guess-grid`);
      log.gridShot = true;
    }
    const enabled = (await targets(page)).filter((t) => t.id.startsWith("guess:") && t.enabled).map((t) => t.id.slice(6));
    expect(enabled.sort()).toEqual(
      (s.legal ?? [])
        .filter((a) => a.type === "guess")
        .map((a) => String(a.card))
        .sort(),
    );
    log.myGuess = pickGuess(s, dealt);
    await clickTarget(page, `guess:${log.myGuess}`);
  } else if (has(s, "skipGuess")) await clickTarget(page, "button:skip-guess");
  else if (has(s, "drawDeck") || has(s, "drawDiscard")) {
    if (!log.tableShot) {
      await screenshot(page, `${SHOT}/03-table`);
      log.tableShot = true;
    }
    await clickTarget(page, has(s, "drawDeck") ? "pile:deck" : "pile:discard");
  } else if (has(s, "discard")) await clickTarget(page, `card:${pickDiscard(s)}`);
  await waitState(page, `s.version !== ${v}`, 40_000);
}

const ACTIONABLE = `(s.legal || []).some(a => a.type !== "continue") || (s.resultPanel === "round" && (s.legal || []).length > 0)`;

/** Plays until `done` (a predicate over `s`) holds. */
async function playUntil(page: Page, done: string, dealt: string[][], log: PlayLog, ms = 240_000): Promise<TableState> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const s = await waitState(page, `(${done}) || ${ACTIONABLE}`, 90_000);
    if (await page.evaluate(`(() => { const s = window.__scat.state(); return ${done}; })()`)) return state(page);
    await act(page, s, dealt, log);
  }
  throw new Error(`not reached within ${ms} ms: ${done}`);
}

describe("Scatterbrain in the browser", () => {
  it("plays a hand with three bots until a guess is announced", async () => {
    const { page, errors } = await suite.lobbyPlayer("Tester", DESKTOP);
    const start = await startTable(page);
    expect(start.seats?.filter((x) => x.isBot)).toHaveLength(3);
    const dealt = await checkMemorise(page, start, "01-memorise");
    await chooseHole(page, "02-hole-choice");
    const log: PlayLog = { myGuess: null, tableShot: false, gridShot: false };
    const s = await playUntil(page, "s.lastGuess !== null", dealt, log);
    const guess = s["lastGuess"] as { seat: number; card: string; outcome: string; holder: number | null; points: number };
    expect(["hand", "hole", "miss"]).toContain(guess.outcome);
    expect(guess.card).toMatch(/^(10|[2-9AJQK])[CDHS]$/);
    expect(guess.holder === null).toBe(guess.outcome === "miss");
    if (guess.seat === start.mySeat) expect(guess.card).toBe(log.myGuess);
    await page.waitForFunction(() => window.__scat?.targets().some((t) => t.id === "text:last-guess") === true, null, { timeout: 5000 });
    await screenshot(page, `${SHOT}/05-guess-result`);
    const after = await state(page);
    expect(after.piles?.["discard"]?.cards.length).toBeGreaterThan(0);

    // Play on to the end of the hand (the human may get to guess on the way).
    const over = await playUntil(page, `s.resultPanel === "round" || s.resultPanel === "game"`, dealt, log, 200_000);
    expect(over.result?.seats).toHaveLength(4);
    // The result waits once for a guess reveal still on screen (a hand can end on a guess), up
    // to 2.5 s: when it comes up, the reveal is over or the wait was the full 2.5 s.
    const hold = over["resultHold"] as { holds: number; holdMs: number; leftAtShowMs: number };
    expect(hold.holds).toBeLessThanOrEqual(1);
    expect(hold.leftAtShowMs <= 50 || hold.holdMs === 2500, JSON.stringify(hold)).toBe(true);
    expect(await page.locator('[data-testid="result-table"] tbody tr').count()).toBe(4);
    await screenshot(page, `${SHOT}/06-hand-result`);
    expect(errors).toEqual([]);
  }, 540_000);

  it("fits a 390x844 phone: memorise, hole choice, table", async () => {
    const { page, errors } = await suite.lobbyPlayer("Phone", PHONE);
    const start = await startTable(page);
    await checkMemorise(page, start, "07-phone-memorise");
    await chooseHole(page, "08-phone-hole-choice");
    await waitState(page, `s.phase === "turn" || s.phase === "guess"`, 30_000);
    const all = await targets(page);
    for (const t of all.filter((x) => x.id.startsWith("card:"))) expect(t.x + t.w / 2).toBeLessThanOrEqual(PHONE.width + 1);
    await screenshot(page, `${SHOT}/09-phone-table`);
    expect(errors).toEqual([]);
  }, 120_000);
});
