/**
 * Dark Hearts in a real browser against a real server: a 4-player table with 3 bots through the
 * simultaneous pass (pick three cards, confirm, see what arrived), a whole hand of tricks played
 * by clicking the canvas (leading with a chosen shade whenever the player gets the lead), the
 * last trick, the hand summary and the next hand's pass; then the same on a phone.
 * Screenshots land in client/e2e/screenshots/dark-hearts/.
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
const shot = (page: Page, name: string): Promise<string> => screenshot(page, `dark-hearts/${name}`);
type Shade = "light" | "dark";

const myTurn = `(s.legal || []).some(a => a.type === "lead" || a.type === "play")`;

/** Clicks a card until the table shows it picked (the deal may still be sliding cards in). */
async function pickCard(page: Page, card: string): Promise<void> {
  for (let attempt = 0; attempt < 4; attempt++) {
    await clickTarget(page, `card:${card}`);
    try {
      await waitState(page, `(s.picked || []).includes(${JSON.stringify(card)})`, 2_000);
      return;
    } catch {
      // Not picked yet: the card was still moving. Try again.
    }
  }
  throw new Error(`could not pick ${card}`);
}

/** Picks the first three cards, checks the pick, confirms, and waits for the exchange. */
async function pass(page: Page, s: TableState, shots: string): Promise<TableState> {
  const pick = (s.hand ?? []).slice(0, 3);
  expect(s.myInfo?.["passed"]).toBeNull();
  for (const card of pick) await pickCard(page, card);
  const picked = await waitState(page, `s.picked.length === 3`);
  expect([...(picked["picked"] as string[])].sort()).toEqual([...pick].sort());
  expect((await state(page)).toasts ?? []).toEqual([]);
  await shot(page, `${shots}-picked`);
  await clickTarget(page, "button:pass");
  const after = await waitState(page, `s.phase === "play" && Array.isArray(s.myInfo.received)`, 30_000);
  expect([...(after.myInfo?.["passed"] as string[])].sort()).toEqual([...pick].sort());
  const received = after.myInfo?.["received"] as string[];
  expect(received).toHaveLength(3);
  for (const card of pick) expect(after.hand).not.toContain(card);
  for (const card of received) expect(after.hand).toContain(card);
  return after;
}

/** Leads: flips the switch to `prefer` if it has a legal lead (else the other shade) and leads. */
async function lead(page: Page, s: TableState, prefer: Shade): Promise<{ card: string; shade: Shade }> {
  const leads = (s.legal ?? []).filter((a) => a.type === "lead");
  const shade: Shade = leads.some((a) => a["shade"] === prefer) ? prefer : prefer === "dark" ? "light" : "dark";
  await clickTarget(page, `button:shade-${shade}`);
  await waitState(page, `s.handShade === ${JSON.stringify(shade)}`);
  const card = leads.find((a) => a["shade"] === shade)?.card ?? "";
  await clickTarget(page, `card:${card}`);
  const led = await waitState(page, `(s.trickCards[0] === ${JSON.stringify(card)}) || (s.lastTrickCards[0] === ${JSON.stringify(card)})`);
  const onTable = led["trickCards"] as string[];
  expect(onTable[0] === card ? led["trickShade"] : led["lastTrickShade"]).toBe(shade);
  expect(led.hand).not.toContain(card);
  return { card, shade };
}

interface HandLog {
  leads: Array<{ card: string; shade: Shade }>;
  follows: number;
  sawLast: boolean;
}

/** Plays by clicking until the hand's result is up; leads alternate Dark and Light. */
async function playHand(page: Page, prefix: string): Promise<{ log: HandLog; end: TableState }> {
  const log: HandLog = { leads: [], follows: 0, sawLast: false };
  const until = Date.now() + 240_000;
  while (Date.now() < until) {
    const s = await waitState(page, `s.resultPanel === "round" || s.resultPanel === "game" || ${myTurn}`, 60_000);
    if (s.resultPanel) return { log, end: s };
    if (!log.sawLast && Number(s["tricksPlayed"]) >= 2) await viewLastTrick(page, prefix, log);
    if (has(s, "lead")) {
      log.leads.push(await lead(page, s, log.leads.length % 2 === 0 ? "dark" : "light"));
      if (log.leads.length <= 2) await shot(page, `${prefix}-led-${log.leads.length}`);
      continue;
    }
    const card = [...(s.legal ?? [])].reverse().find((a) => a.type === "play")?.card ?? "";
    const trick = s["trickCards"] as string[];
    expect(trick.length).toBeGreaterThan(0);
    expect((s["trickFaces"] as string[]).every((f) => f.length >= 2)).toBe(true);
    for (const d of s["dimmed"] as string[]) expect(trick).toContain(d);
    expect(s["handShade"]).toBe(s["trickShade"]);
    if (log.follows === 1) await shot(page, `${prefix}-follow`);
    await clickTarget(page, `card:${card}`);
    await waitState(page, `!(s.hand || []).includes(${JSON.stringify(card)})`);
    log.follows++;
  }
  throw new Error("the hand did not end in time");
}

async function viewLastTrick(page: Page, prefix: string, log: HandLog): Promise<void> {
  await clickTarget(page, "button:last-trick");
  const open = await waitState(page, `s.lastTrickOpen === true`);
  expect(open["lastTrickCards"]).toHaveLength(4);
  await shot(page, `${prefix}-last-trick`);
  await clickTarget(page, "button:last-trick");
  await waitState(page, `s.lastTrickOpen === false`);
  log.sawLast = true;
}

async function startTable(page: Page, seats = 4): Promise<TableState> {
  await chooseTable(page, { game: "dark_hearts", seats, bots: seats - 1, turnSeconds: 90, variants: { target: 50 } });
  await page.click('[data-testid="quick-play"]');
  const cards = seats === 3 ? 17 : 13;
  return waitState(
    page,
    `s.scene === "table" && s.status === "playing" && s.phase === "pass" && (s.hand || []).length === ${cards}`,
    30_000,
  );
}

describe("Dark Hearts in the browser", () => {
  it("passes, plays a whole hand with shade leads, shows the last trick and the hand summary", async () => {
    const { page, errors } = await suite.lobbyPlayer("Tester", DESKTOP);
    const s = await startTable(page);
    expect(s.seats).toHaveLength(4);
    expect(s.seats?.filter((x) => x.isBot)).toHaveLength(3);
    expect(s["passDirection"]).toBe("left");
    const me = s.mySeat ?? -1;
    expect(s.myInfo?.["passTo"]).toBe((me + 1) % 4);
    expect(s.remainingMs).toBeGreaterThan(0);
    expect((s["options"] as Record<string, unknown>)["variants"]).toMatchObject({ target: 50 });
    await waitState(page, `s.seats.filter(x => x.info.passed).length === 3`);
    await shot(page, "01-pass");
    // Others' choices stay hidden: only a flag per seat.
    for (const seat of (await state(page)).seats ?? []) expect(Object.keys(seat.info)).not.toContain("cards");

    await pass(page, s, "02");
    await shot(page, "03-received");
    const { log, end } = await playHand(page, "04");
    expect(log.follows + log.leads.length).toBe(13);
    expect(log.sawLast).toBe(true);
    const seats = (end.result?.seats ?? []) as Array<{ taken: Record<Shade, number>; total: Record<Shade, number> }>;
    expect(seats).toHaveLength(4);
    for (const r of seats) expect(Object.keys(r.total).sort()).toEqual(["dark", "light"]);
    expect(await page.locator('[data-testid="result-table"] tbody tr').count()).toBe(4);
    await shot(page, "05-hand-summary");

    // On a slow machine the server's pause may already have dealt the next hand: then no Continue.
    await clickTarget(page, "button:continue").catch(async (err: unknown) => {
      if ((await state(page)).round === 1) throw err;
    });
    const next = await waitState(
      page,
      `s.round === 2 && s.phase === "pass" && (s.hand || []).length === 13 && s.resultPanel === null`,
      30_000,
    );
    expect(next["passDirection"]).toBe("right");
    expect(next.seats?.[me]?.info["light"]).toBe(seats[me]?.total.light);
    expect(next.seats?.[me]?.info["dark"]).toBe(seats[me]?.total.dark);
    await shot(page, "06-next-pass");
    expect(errors).toEqual([]);
  }, 300_000);

  it("deals 17 cards to three players and passes from them (680 choices reach the browser)", async () => {
    const { page, errors } = await suite.lobbyPlayer("Three", DESKTOP);
    const s = await startTable(page, 3);
    expect(s.seats).toHaveLength(3);
    await pass(page, s, "15-three-players");
    expect(errors).toEqual([]);
  });

  it("passes and plays tricks on a 390x844 phone", async () => {
    const { page, errors } = await suite.lobbyPlayer("Phone", PHONE);
    const s = await startTable(page);
    await shot(page, "11-phone-pass");
    // Thirteen cards in two rows: every card leaves at least 40x40 px to tap (one row left ~25 px).
    const strips = (await targets(page)).filter((t) => t.id.startsWith("card:"));
    expect(strips.length).toBe(13);
    for (const t of strips) expect([t.id, Math.min(t.w, t.h) >= 40]).toEqual([t.id, true]);
    await pass(page, s, "12-phone");
    await shot(page, "13-phone-received");
    let played = 0;
    while (played < 4) {
      const t = await waitState(page, myTurn, 60_000);
      if (has(t, "lead")) {
        await lead(page, t, "dark");
        await shot(page, "14-phone-led");
      } else {
        const card = t.legal?.find((a) => a.type === "play")?.card ?? "";
        if (played === 1) await shot(page, "14-phone-follow");
        await clickTarget(page, `card:${card}`);
        await waitState(page, `!(s.hand || []).includes(${JSON.stringify(card)})`);
      }
      played++;
    }
    expect(Number((await state(page))["tricksPlayed"])).toBeGreaterThanOrEqual(3);
    expect(errors).toEqual([]);
  }, 240_000);
});
