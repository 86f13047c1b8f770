/**
 * Offering the guided first game: once per game, where a newcomer meets it (the
 * game preselected on a first visit to the lobby, a game picked there, or the first table of a
 * game never played: tutorial/table-offer.ts), never again after "Don't ask again", and not
 * after the lesson was started. Remembered in localStorage and, for a saved account, on the
 * server (`/api/me/preferences`, docs/API.md) so another device of that account does not ask
 * again: `syncOffers` merges the two when the lobby learns who is signed in (an answer only
 * moves forward: nothing < "offered" < "done"; "Don't ask again" from either side wins), and
 * every later answer is written to both. A browser that refuses storage is simply not asked.
 */
import { lessonFor } from "@scat/shared/tutorial/scripts.ts";
import { gameModule } from "../games/registry.ts";
import { fetchPreferences, putPreferences, registerPart } from "../settings/preferences-doc.ts";
import { h } from "../ui/dom.ts";

const KEY = "scat.lesson.";
const NEVER = "scat.lesson.never";

type Answer = "offered" | "done";

/** The server's document (server/src/preferences/store.ts). */
export interface LessonPrefs {
  never?: boolean;
  games?: Partial<Record<string, Answer>>;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return "unavailable";
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Only a reminder.
  }
}

/** Whether to offer the lesson of `game` now. */
export function shouldOffer(game: string): boolean {
  return lessonFor(game) !== null && read(NEVER) === null && read(KEY + game) === null;
}

/** "offered" (shown, or Not now), "done" (started, played or skipped once started). */
export function remember(game: string, what: Answer): void {
  if (read(KEY + game) === "done" && what === "offered") return;
  write(KEY + game, what);
  push();
}

export function neverAsk(): void {
  write(NEVER, "1");
  push();
}

/** Test and settings helper: forget every answer (in this browser). */
export function forgetOffers(): void {
  try {
    for (const k of Object.keys(localStorage)) if (k.startsWith(KEY)) localStorage.removeItem(k);
  } catch {
    // Nothing to forget.
  }
}

// --- The saved account's copy ----------------------------------------------------------------

/** The lessons' part of this browser's answers, as the server keeps it. */
function local(): LessonPrefs {
  const games: Partial<Record<string, Answer>> = {};
  try {
    for (const k of Object.keys(localStorage)) {
      const v = localStorage.getItem(k);
      if (k.startsWith(KEY) && k !== NEVER && (v === "offered" || v === "done")) games[k.slice(KEY.length)] = v;
    }
  } catch {
    // Nothing kept.
  }
  return { ...(read(NEVER) === "1" ? { never: true } : {}), games };
}

const rank = (a: Answer | undefined): number => (a === "done" ? 2 : a === "offered" ? 1 : 0);

/** Whether `a` already holds everything `b` says. */
function covers(a: LessonPrefs, b: LessonPrefs): boolean {
  if (b.never && !a.never) return false;
  return Object.entries(b.games ?? {}).every(([g, v]) => rank(a.games?.[g]) >= rank(v));
}

/** Only when signed in with a saved account: a guest account lives on one device anyway. */
let saved = false;
/** The last sync or write, so writes go out in order and after the sync's merge. */
let chain: Promise<unknown> = Promise.resolve();

/** The lessons known to this browser, as the server keeps them (games the schema does not know left out). */
function lessonsPart(): LessonPrefs {
  const mine = local();
  const games = Object.fromEntries(Object.entries(mine.games ?? {}).filter(([g]) => lessonFor(g) !== null));
  return { ...mine, games };
}

// The document is shared with the settings (settings/preferences-doc.ts): a write sends both.
registerPart("lessons", () => (saved ? lessonsPart() : undefined));

function upload(): Promise<unknown> {
  return putPreferences();
}

function push(): void {
  if (!saved) return;
  chain = chain.then(upload).catch(() => undefined);
}

/**
 * The account the page plays as (account/account-panel.ts, after every sign-in, sign-up or
 * sign-out): for a saved account, its answers and this browser's are merged both ways. Resolves
 * to the server's lessons as they were (null: a guest, or the server could not be asked; then
 * this browser's answers still hold); never rejects.
 */
export function syncOffers(account: { guest: boolean } | null): Promise<LessonPrefs | null> {
  saved = account !== null && !account.guest;
  if (!saved) return Promise.resolve(null);
  const run = async (): Promise<LessonPrefs | null> => {
    const prefs = await fetchPreferences();
    if (!prefs) return null;
    const server = (prefs["lessons"] ?? {}) as LessonPrefs;
    if (server.never) write(NEVER, "1");
    for (const [g, v] of Object.entries(server.games ?? {})) {
      if (v && rank(v) > rank((read(KEY + g) ?? undefined) as Answer | undefined)) write(KEY + g, v);
    }
    if (!covers(server, local())) await upload();
    return server;
  };
  const done = chain.then(run).catch(() => null);
  chain = done;
  return done;
}

/** Whether the account's answers (from `syncOffers`) already answered the offer of `game`. */
export function answeredIn(prefs: LessonPrefs | null, game: string): boolean {
  return prefs !== null && (prefs.never === true || prefs.games?.[game] !== undefined);
}

// --- The offer ---------------------------------------------------------------------------

export interface OfferActions {
  /**
   * Start: go to the lesson. False when the player did not go after all (at a table, "Stay" in
   * the leave question): then the answer is not saved, and the caller may show the offer again.
   */
  start(game: string): void | boolean | Promise<boolean>;
}

/** "New to Dark Hearts? Take the 2-minute guided game" with Start / Not now / Don't ask again. */
export function offerNotice(game: string, actions: OfferActions, opts: { compact?: boolean } = {}): HTMLElement {
  const title = gameModule(game)?.title ?? game;
  const el = h(
    "div",
    {
      class: `lesson-offer${opts.compact ? " lesson-offer-compact" : ""}`,
      role: "region",
      "aria-label": `Guided game of ${title}`,
      testid: "lesson-offer",
      "data-game": game,
    },
    h("p", {}, `New to ${title}? Take the 2-minute guided game.`),
  );
  const button = (label: string, testid: string, fn: () => void, primary = false): HTMLButtonElement => {
    const b = h("button", { type: "button", testid, class: primary ? "primary" : "" }, label);
    b.addEventListener("click", (e) => {
      e.preventDefault();
      el.remove();
      fn();
    });
    return b;
  };
  el.append(
    h(
      "div",
      { class: "lesson-offer-buttons" },
      // Saved as taken only once the lesson is on its way (not if the player stays at the table).
      button(
        "Start",
        "lesson-offer-start",
        async () => {
          if ((await actions.start(game)) !== false) remember(game, "done");
        },
        true,
      ),
      button("Not now", "lesson-offer-later", () => remember(game, "offered")),
      button("Don't ask again", "lesson-offer-never", () => neverAsk()),
    ),
  );
  return el;
}
