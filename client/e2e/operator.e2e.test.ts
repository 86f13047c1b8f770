/**
 * The operator page (/operator) in Chromium under the product's CSP, against a server on a real
 * PostgreSQL: a visitor without a session and a signed-in player who is not an operator are told
 * so and shown nothing; after `npm run operator -- grant`, the same browser session sees the
 * suspicious pairs and marks an account through the form, and the mark is in the action log.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type PostgresServer } from "../../loadtest/src/postgres-server.ts";
import { DESKTOP, screenshot, useBrowserSuite } from "./lib/index.ts";

const env: Record<string, string> = { TOKEN_SECRET: "operator-e2e-secret-0123456789abcdef" };
let pg: PostgresServer;
// Before the suite's server starts (hooks run in order): it stores accounts in this PostgreSQL.
beforeAll(async () => {
  pg = await startPostgres();
  env["DATABASE_URL"] = pg.url;
}, 60_000);
afterAll(async () => { await pg?.stop(); });
const suite = useBrowserSuite(env);
const serverDir = fileURLToPath(new URL("../../server", import.meta.url));

/** A function predicate (the page's CSP refuses strings), given the test id as its argument. */
const textOf = (testid: string): string | null => document.querySelector(`[data-testid="${testid}"]`)?.textContent ?? null;

describe("operator page", () => {
  it("shows nothing to non-operators and lets an operator mark an account", async () => {
    const ops = await suite.player(DESKTOP, { enforceCsp: true });
    const page = ops.page;
    page.on("dialog", (d) => void d.accept());
    await page.goto(`${suite.server.url}/operator`);
    await page.waitForSelector('[data-testid="denied"]');
    expect(await page.evaluate(textOf, "denied")).toContain("Sign in");

    // A saved account made in this browser (its session cookie), not an operator yet.
    const made = await page.evaluate(async () => {
      const post = (path: string, body: unknown) => fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.status);
      return [await post("/api/accounts/guest", { name: "Ops" }), await post("/api/accounts/register", { username: "ops_e2e", password: "long enough pw" })];
    });
    expect(made).toEqual([201, 200]);
    await page.reload();
    await page.waitForSelector('[data-testid="denied"]');
    expect(await page.evaluate(textOf, "denied")).toContain("not an operator");
    expect(await page.$('[data-testid="mark-form"]')).toBeNull();

    const grant = spawnSync("npx", ["tsx", "src/moderation/cli.ts", "grant", "ops_e2e"], { cwd: serverDir, encoding: "utf8", env: { ...process.env, DATABASE_URL: pg.url }, timeout: 60_000 });
    expect(grant.stdout.trim()).toBe("ops_e2e is now an operator");

    // The account to mark: made by a script.
    const target = await fetch(`${suite.server.url}/api/accounts/guest`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Farmer", token: true }) }).then((r) => r.json()) as { player: { id: string } };
    await page.reload();
    await page.waitForSelector('[data-testid="mark-form"]');
    await page.waitForSelector('[data-testid="no-pairs"], [data-testid="pairs"]');
    await page.fill('[data-testid="mark-account"]', target.player.id);
    await page.selectOption('[data-testid="mark-kind"]', "booster");
    await page.fill('[data-testid="mark-reason"]', "farmed on two tabs");
    await page.fill('[data-testid="mark-days"]', "30");
    await page.click('[data-testid="mark-submit"]');
    await page.waitForFunction(() => /marked as a booster/.test(document.querySelector('[data-testid="mark-result"]')?.textContent ?? ""));
    expect(await page.evaluate(textOf, "mark-result")).toContain("Farmer marked as a booster by ops_e2e");
    await page.waitForFunction((id) => (document.querySelector('[data-testid="actions"]')?.textContent ?? "").includes(`mark ${id}`), target.player.id);
    expect(await page.evaluate(textOf, "actions")).toContain("farmed on two tabs");
    await screenshot(page, "operator/01-marked");
    expect(ops.errors).toEqual([]);
  });
});
