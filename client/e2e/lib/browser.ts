/** Chromium (`/usr/bin/chromium`, headless) through playwright-core, one fresh profile per player. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";

export interface Viewport {
  readonly width: number;
  readonly height: number;
}

export const DESKTOP: Viewport = { width: 1280, height: 720 };
export const PHONE: Viewport = { width: 390, height: 844 };

export const CHROMIUM = "/usr/bin/chromium";
/** Chromium's flags for a player that renders the table with WebGL, as players with a GPU do (SwiftShader here: no GPU). */
export const WEBGL_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
/**
 * The default: WebGL off, so Phaser (`type: AUTO`) draws with its Canvas renderer, as it does for
 * a player whose browser has no WebGL. Without a GPU, SwiftShader's emulated WebGL is what costs a
 * browser test its time: a Devil's Scat file took 71 s with it and 27 s without, on 2 cores. The
 * files that play a game through WebGL too pass `webgl: true` (devils-scat, hit-the-deck).
 */
export const CHROMIUM_ARGS = [...WEBGL_ARGS, "--disable-3d-apis"];

export interface Player {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Uncaught page errors (tests usually expect none). */
  readonly errors: string[];
  /** The page's last console lines and failed requests (printed when a test fails: lib/suite.ts). */
  readonly console: string[];
  close(): Promise<void>;
}

/**
 * A browser with its own fresh profile (so its own playerId), at the given viewport. The tests
 * read the page through string predicates that Playwright evaluates in the page, which the
 * product's CSP refuses (no eval): so a player bypasses the CSP unless `enforceCsp` is set, as
 * security.e2e.test.ts does to play a whole table under it (with function predicates only).
 */
export async function launchPlayer(viewport: Viewport = DESKTOP, { enforceCsp = false, webgl = false } = {}): Promise<Player> {
  const dir = mkdtempSync(path.join(tmpdir(), "scat-e2e-"));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: webgl ? WEBGL_ARGS : CHROMIUM_ARGS,
    viewport,
    bypassCSP: !enforceCsp,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  // Anything the page's Content-Security-Policy refused is an error too: every browser test
  // checks that the product runs under its own CSP (docs/SECURITY.md).
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/i.test(m.text())) errors.push(m.text());
  });
  const console: string[] = [];
  const note = (line: string) => {
    console.push(`${new Date().toISOString().slice(11, 23)} ${line.slice(0, 300)}`);
    if (console.length > 40) console.shift();
  };
  page.on("console", (m) => note(`${m.type()}: ${m.text()}`));
  page.on("requestfailed", (r) => note(`request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ""}`));
  page.on("response", (r) => {
    if (r.status() >= 400) note(`response ${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  return {
    context,
    page,
    errors,
    console,
    async close() {
      await context.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
