/**
 * The page as an attacker would try it (docs/SECURITY.md): a crafted `?server=` link with a
 * second server on loopback that records every request it gets (it must get none, even from a
 * browser that already holds an account), the CSP refusing a connection to another origin, the
 * page refusing to be framed by another site, the session cookie out of every script's reach,
 * and a replay link that names another site refused without fetching it.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, PHONE, openLobby, screenshot, useBrowserSuite } from "./lib/index.ts";

const suite = useBrowserSuite({ DATA_DIR: ":memory:" });
/** Every page here keeps the product's Content-Security-Policy in force. */
const csp = { enforceCsp: true };

/** A server of "another site": serves a page that frames ours, and records every request it gets. */
let other: Server;
let otherUrl = "";
const heard: string[] = [];
beforeAll(async () => {
  other = createServer((req: IncomingMessage, res) => {
    heard.push(`${req.method} ${req.url}`);
    if (req.url === "/framer") {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<!doctype html><title>framer</title><iframe id="victim" src="${suite.server.url}/" width="800" height="600"></iframe>`);
      return;
    }
    // What an attacker's API would answer: a "guest account" to save over the victim's.
    res.writeHead(200, { "content-type": "application/json", "access-control-allow-origin": "*" });
    res.end(JSON.stringify({ player: { id: "attacker", name: "Attacker", guest: true, username: null }, token: "attacker-token" }));
  });
  await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      other.closeAllConnections();
      other.close(() => resolve());
    }),
);

/** The account the lobby's panel shows (the page's CSP forbids string predicates: functions only). */
const accountId = (): string | undefined =>
  document.querySelector<HTMLElement>('[data-testid="account-panel"]')?.dataset["player"] || undefined;

describe("a crafted link", () => {
  it("sends nothing to a ?server= origin, and the invite links it makes name none", async () => {
    const { page, errors } = await suite.player(DESKTOP, csp);
    // First a normal visit: the browser now holds an account (the victim).
    await openLobby(page, suite.server.url, "Victim");
    await page.waitForFunction(accountId, undefined, { timeout: 30_000 });
    const victim = await page.evaluate(accountId);
    heard.length = 0;

    await page.goto(`${suite.server.url}/?server=${encodeURIComponent(otherUrl)}`);
    await page.waitForSelector('[data-testid="name-input"]');
    await page.fill('[data-testid="name-input"]', "Victim");
    await page.waitForFunction(accountId, undefined, { timeout: 30_000 });
    expect(await page.evaluate(accountId)).toBe(victim);
    // A private table made on that page: its invite link carries no origin.
    await page.click('[data-testid="game-devils_scat"]');
    await page.selectOption('[data-testid="seats-select"]', "2");
    await page.selectOption('[data-testid="bots-select"]', "0");
    await page.click('[data-testid="create-private"]');
    await page.waitForSelector('[data-testid="invite-link"]', { state: "attached", timeout: 30_000 }).catch(async (err: unknown) => {
      await screenshot(page, "security/01-no-invite");
      throw err;
    });
    const link = await page.inputValue('[data-testid="invite-link"]');
    expect(link).not.toContain("server=");
    expect(new URL(link).origin).toBe(suite.server.url);
    await screenshot(page, "security/01-crafted-link");
    expect(heard).toEqual([]);
    // No script on the page can read the session: no token in storage, the cookie is HttpOnly.
    const readable = await page.evaluate(() => ({
      cookie: document.cookie,
      stored: JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    }));
    expect(readable.cookie).not.toContain("scat_session");
    expect(readable.stored).not.toMatch(/sct_|token"?:"ey/);
    const cookies = await page.context().cookies(suite.server.url);
    expect(cookies.find((c) => c.name === "scat_session")).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    expect(errors).toEqual([]);
  });

  it("lets the CSP refuse a connection to another origin", async () => {
    const { page } = await suite.player(DESKTOP, csp);
    await openLobby(page, suite.server.url, "Csp");
    heard.length = 0;
    const violations = await page.evaluate(async (target) => {
      const seen: string[] = [];
      document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
      const fetched = await fetch(`${target}/exfiltrate`).then(
        () => "reached",
        () => "refused",
      );
      const socket = await new Promise<string>((resolve) => {
        try {
          const ws = new WebSocket(`${target.replace("http", "ws")}/socket`);
          ws.onopen = () => resolve("reached");
          ws.onerror = () => resolve("refused");
        } catch {
          resolve("refused");
        }
      });
      await new Promise((r) => setTimeout(r, 200));
      return { fetched, socket, seen };
    }, otherUrl);
    expect(violations.fetched).toBe("refused");
    expect(violations.socket).toBe("refused");
    expect(violations.seen.some((v) => v.startsWith("connect-src"))).toBe(true);
    expect(heard).toEqual([]);
  });

  it("refuses to be framed by another site", async () => {
    const { page } = await suite.player(DESKTOP, csp);
    await page.goto(`${otherUrl}/framer`);
    await page.waitForSelector("#victim");
    await page.waitForTimeout(1500);
    const framed = page.frames().find((f) => f !== page.mainFrame());
    // Chromium replaces a refused frame with an error page: no lobby, no account panel inside.
    const inside = framed
      ? await framed.evaluate(() => document.querySelector('[data-testid="name-input"]') !== null).catch(() => false)
      : false;
    expect(inside).toBe(false);
    await screenshot(page, "security/02-framing-refused");
  });

  it("refuses a replay link that names another site, without fetching it", async () => {
    const { page, errors } = await suite.player(DESKTOP, csp);
    heard.length = 0;
    await page.goto(`${suite.server.url}/?replay=${encodeURIComponent(`${otherUrl}/log.json`)}`);
    await page.waitForSelector('[data-testid="name-input"]');
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="lobby-error"]')?.textContent ?? "").includes("only matches stored on this server"),
      undefined,
      { timeout: 15_000 },
    );
    expect(page.url()).not.toContain("replay=");
    expect(heard).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("plays a table, its rules and the lobby under the CSP with nothing refused, on a phone too", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, errors } = await suite.player(viewport, csp);
      await openLobby(page, suite.server.url, "Strict");
      await page.waitForFunction(accountId, undefined, { timeout: 30_000 });
      await page.click('[data-testid="game-devils_scat"]');
      await page.selectOption('[data-testid="bots-select"]', "1");
      await page.click('[data-testid="quick-play"]');
      // Dealt and played on: the canvas, the sockets and the move log all ran under the CSP.
      await page.waitForFunction(
        () => {
          const s = (window as unknown as { __scat?: { state(): Record<string, unknown> } }).__scat?.state() ?? {};
          return s["scene"] === "table" && s["status"] === "playing" && Array.isArray(s["hand"]) && (s["hand"] as unknown[]).length > 0;
        },
        undefined,
        { timeout: 60_000 },
      );
      await screenshot(page, `security/03-table-under-csp-${viewport.width}`);
      expect(errors).toEqual([]);
    }
  });
});
