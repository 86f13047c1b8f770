/**
 * A newcomer's first hour, scripted at 1280x720 and on a 390x844 phone: the home page, Play now
 * and the first card (timed and counted: the figure in docs/BENCHMARKS.md), a guided game, the
 * ranked progress, a private table a friend joins by its link, a quick phrase in the chat, the
 * game played out, a rematch, and Settings. Each step saves a screenshot under
 * e2e/screenshots/first-hour/ and axe checks each page (serious and critical only).
 *
 * Not a test (the browser suites check each step on its own): a script that prints what a
 * newcomer meets, run after a build with `npm run first-hour -w client`. It exits non-zero when a
 * step fails, a page error is raised or axe finds something serious.
 */
import { axeViolations } from "./lib/axe.ts";
import {
  chooseTable,
  clickTarget,
  DESKTOP,
  launchPlayer,
  legal,
  PHONE,
  playToGameOver,
  screenshot,
  startServer,
  waitState,
  type Player,
  type Viewport,
} from "./lib/index.ts";
import { openSection } from "./lib/lobby.ts";

interface Figures {
  size: string;
  firstCardMs: number;
  firstCardClicks: number;
  axe: string[];
  errors: string[];
  steps: string[];
}

async function firstHour(url: string, size: Viewport, label: string): Promise<Figures> {
  const host = await launchPlayer(size);
  const friendSize = size === DESKTOP ? PHONE : DESKTOP;
  let friend: Player | null = null;
  const f: Figures = { size: label, firstCardMs: 0, firstCardClicks: 0, axe: [], errors: [], steps: [] };
  let clicks = 0;
  const page = host.page;
  const click = async (sel: string) => {
    clicks++;
    await page.click(sel);
  };
  const tap = async (id: string) => {
    clicks++;
    await clickTarget(page, id);
  };
  const shot = async (step: string, checkAxe = true) => {
    f.steps.push(step);
    await screenshot(page, `first-hour/${label}-${String(f.steps.length).padStart(2, "0")}-${step}`);
    if (checkAxe) for (const v of await axeViolations(page)) f.axe.push(`${step}: ${v}`);
  };
  try {
    // Home, then Play now on Devil's Scat: no name asked, a table of bots, the first card played.
    const t0 = Date.now();
    await page.goto(url);
    await page.waitForSelector('[data-testid="play-now-devils_scat"]');
    await shot("home");
    await click('[data-testid="play-now-devils_scat"]');
    const s = await waitState(page, `s.scene === "table" && s.myTurn === true && (s.legal || []).some(a => a.type === "drawDeck")`, 60_000);
    await tap("pile:deck");
    const drawn = await waitState(
      page,
      `(s.hand || []).length === ${(s.hand ?? []).length + 1} && (s.legal || []).some(a => a.type === "discard")`,
    );
    const card = legal(drawn, "discard")?.card as string;
    await tap(`card:${card}`);
    await waitState(page, `!(s.hand || []).includes(${JSON.stringify(card)})`);
    f.firstCardMs = Date.now() - t0;
    f.firstCardClicks = clicks;
    await shot("first-card", false);
    await tap("button:leave");
    await page.click('[data-testid="confirm-yes"]');
    await waitState(page, `s.scene === "lobby"`);

    // Learn: the guided game's first screen (goal, scoring, the one special rule), then a real table.
    await openSection(page, "learn");
    await shot("learn");
    await page.click('[data-testid="learn-lesson-dark_hand"]');
    await page.waitForSelector('[data-testid="lesson-goal"]');
    await shot("lesson-goal");
    await page.click('[data-testid="lesson-start"]');
    await page.waitForSelector('[data-testid="lesson-skip"]');
    await shot("lesson-first-prompt", false);
    await page.click('[data-testid="lesson-skip"]');
    await page.click('[data-testid="lesson-skip-real"]');
    await waitState(page, `s.scene === "table" && s.status === "playing"`, 60_000);
    await clickTarget(page, "button:leave");
    await page.click('[data-testid="confirm-yes"]');
    await waitState(page, `s.scene === "lobby"`);

    // Ranked: what it takes, before any click.
    await openSection(page, "ranked");
    await page.waitForSelector('[data-testid="ranked-progress"]');
    await shot("ranked-progress");

    // A friend: a private table of two, the link opened in another browser, a quick phrase.
    await chooseTable(page, { game: "devils_scat", seats: 2, bots: 0, turnSeconds: 60 });
    await page.click('[data-testid="create-private"]');
    await waitState(page, `s.scene === "table" && s.status === "waiting"`, 60_000);
    const link = await page.inputValue('[data-testid="invite-link"]');
    await shot("private-table-waits");
    friend = await launchPlayer(friendSize);
    await friend.page.goto(link);
    await friend.page.waitForSelector('[data-testid="lobby-invite"]');
    await screenshot(friend.page, `first-hour/${label}-friend-invited`);
    await friend.page.press('[data-testid="name-input"]', "Enter");
    await Promise.all([host, friend].map((p) => waitState(p.page, `s.status === "playing"`, 60_000)));
    await friend.page.click('[data-testid="chat-toggle"]');
    await friend.page.click('[data-testid="chat-phrase-gg"]');
    await page.waitForSelector('[data-testid="chat-unread"]:not([hidden])');
    await shot("chat-unread", false);
    await friend.page.click('[data-testid="chat-toggle"]');

    // The game played out, then a rematch with the same friend.
    await Promise.all([host, friend].map((p) => playToGameOver(p.page)));
    await shot("game-over", false);
    await page.click('[data-testid="rematch"]');
    await friend.page.waitForSelector('[data-testid="rematch-offer"]');
    await friend.page.click('[data-testid="rematch-accept"]');
    await Promise.all([host, friend].map((p) => waitState(p.page, `s.scene === "table" && s.status === "playing"`, 60_000)));
    await shot("rematch", false);
    await clickTarget(page, "button:leave");
    await page.click('[data-testid="confirm-yes"]');
    await waitState(page, `s.scene === "lobby"`);

    // Settings.
    await openSection(page, "settings");
    await page.waitForSelector('[data-testid="settings-chat"]');
    await shot("settings");
  } finally {
    f.errors.push(...host.errors, ...(friend?.errors ?? []));
    await host.close();
    await friend?.close();
  }
  return f;
}

const server = await startServer();
let failed = false;
try {
  for (const [size, label] of [
    [DESKTOP, "1280x720"],
    [PHONE, "390x844"],
  ] as const) {
    const f = await firstHour(server.url, size, label).catch((err: unknown) => {
      failed = true;
      console.error(`${label}: ${String(err)}`);
      return null;
    });
    if (!f) continue;
    console.log(
      `${label}: home to the first card played: ${(f.firstCardMs / 1000).toFixed(1)} s, ${f.firstCardClicks} clicks; steps: ${f.steps.join(" → ")}`,
    );
    console.log(
      `${label}: axe serious/critical: ${f.axe.length === 0 ? "none" : f.axe.join("; ")}; page errors: ${f.errors.length === 0 ? "none" : f.errors.join("; ")}`,
    );
    if (f.axe.length > 0 || f.errors.length > 0) failed = true;
  }
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
