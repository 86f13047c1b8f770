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
export const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

export interface Player {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Uncaught page errors (tests usually expect none). */
  readonly errors: string[];
  close(): Promise<void>;
}

/** A browser with its own fresh profile (so its own playerId), at the given viewport. */
export async function launchPlayer(viewport: Viewport = DESKTOP): Promise<Player> {
  const dir = mkdtempSync(path.join(tmpdir(), "scat-e2e-"));
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, viewport });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return {
    context,
    page,
    errors,
    async close() {
      await context.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
