/**
 * The operator page (/operator) in Chromium under the product's CSP, against a server on a real
 * PostgreSQL: a visitor without a session and a signed-in player who is not an operator are told
 * so and shown nothing; after `npm run operator -- grant`, the same browser session sees the
 * suspicious pairs and marks an account through the form, and the mark is in the action log.
 * A report whose stored chat line has an impossible time (1e300), and answers the page did not
 * expect, each show as unreadable while the other reports, the pairs and the mark form stay.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type PostgresServer } from "../../cluster/postgres-server.ts";
import { DESKTOP, screenshot, useBrowserSuite } from "./lib/index.ts";

const env: Record<string, string> = { TOKEN_SECRET: "operator-e2e-secret-0123456789abcdef" };
let pg: PostgresServer;
// Before the suite's server starts (hooks run in order): it stores accounts in this PostgreSQL.
beforeAll(async () => {
  pg = await startPostgres();
  env["DATABASE_URL"] = pg.url;
}, 60_000);
afterAll(async () => {
  await pg?.stop();
});
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
      const post = (path: string, body: unknown) =>
        fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.status);
      return [
        await post("/api/accounts/guest", { name: "Ops" }),
        await post("/api/accounts/register", { username: "ops_e2e", password: "long enough pw" }),
      ];
    });
    expect(made).toEqual([201, 200]);
    await page.reload();
    await page.waitForSelector('[data-testid="denied"]');
    expect(await page.evaluate(textOf, "denied")).toContain("not an operator");
    expect(await page.$('[data-testid="mark-form"]')).toBeNull();

    const grant = spawnSync("npx", ["tsx", "src/moderation/cli.ts", "grant", "ops_e2e"], {
      cwd: serverDir,
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: pg.url },
      timeout: 60_000,
    });
    expect(grant.stdout.trim()).toBe("ops_e2e is now an operator");

    // The account to mark: made by a script.
    const target = (await fetch(`${suite.server.url}/api/accounts/guest`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Farmer", token: true }),
    }).then((r) => r.json())) as { player: { id: string } };
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
    await page.waitForFunction(
      (id) => (document.querySelector('[data-testid="actions"]')?.textContent ?? "").includes(`mark ${id}`),
      target.player.id,
    );
    expect(await page.evaluate(textOf, "actions")).toContain("farmed on two tabs");
    await screenshot(page, "operator/01-marked");
    expect(ops.errors).toEqual([]);
  });

  it("draws a report it cannot read as unreadable and keeps the rest of the page", async () => {
    const ops = await suite.player(DESKTOP, { enforceCsp: true });
    const page = ops.page;
    await page.goto(`${suite.server.url}/operator`);
    await page.waitForSelector('[data-testid="denied"]');
    const made = await page.evaluate(async () => {
      const post = (path: string, body: unknown) =>
        fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.status);
      return [
        await post("/api/accounts/guest", { name: "Ops Two" }),
        await post("/api/accounts/register", { username: "ops_reports", password: "long enough pw" }),
      ];
    });
    expect(made).toEqual([201, 200]);
    const grant = spawnSync("npx", ["tsx", "src/moderation/cli.ts", "grant", "ops_reports"], {
      cwd: serverDir,
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: pg.url },
      timeout: 60_000,
    });
    expect(grant.stdout.trim()).toBe("ops_reports is now an operator");

    // Two reports in the database: a genuine one filed at a table, and a row whose chat line has a
    // time no Date holds (written before input was checked, or by hand).
    const guest = (name: string) =>
      fetch(`${suite.server.url}/api/accounts/guest`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name }),
      }).then((r) => r.json()) as Promise<{ player: { id: string } }>;
    const [ann, bea, cid] = [(await guest("Ann")).player.id, (await guest("Bea")).player.id, (await guest("Cid")).player.id];
    // The server's own store code, loaded by URL (the client's type build does not take server files).
    const { openStore } = await import(new URL("../../server/src/db/database.ts", import.meta.url).href);
    const { fileReport } = await import(new URL("../../server/src/moderation/reports.ts", import.meta.url).href);
    const { appMigrations } = await import(new URL("../../server/src/migrations.ts", import.meta.url).href);
    const store = await openStore({ databaseUrl: pg.url, dataDir: null, migrations: appMigrations });
    try {
      const now = Date.now();
      const filed = await fileReport(
        store.db,
        {
          reporterId: ann,
          reportedId: bea,
          reason: "abusive-chat",
          note: "called me names",
          game: "devils_scat",
          tableId: "T-genuine",
          source: "table",
          gameLog: null,
          chat: [{ name: "Bea", seat: 1, text: "you are bad", at: now - 5_000 }],
        },
        now,
      );
      expect(filed.ok).toBe(true);
      await store.db
        .insertInto("reports")
        .values({
          id: "bad-time",
          at: now + 1,
          reporter_id: cid,
          reported_id: bea,
          reason: "other",
          note: "",
          game: "devils_scat",
          table_id: "T-bad",
          game_log: null,
          chat: JSON.stringify([{ name: "Bea", seat: 1, text: "x", at: 1e300 }]),
          status: "open",
          action_id: null,
        })
        .execute();
    } finally {
      await store.close();
    }
    await page.reload();
    await page.waitForSelector('[data-testid="mark-form"]');
    await page.waitForSelector('[data-testid="reports"]');
    const reportsText = await page.evaluate(textOf, "reports");
    expect(reportsText).toContain("Ann reported Bea");
    expect(reportsText).toContain("The reporter's words (not checked): called me names");
    expect(reportsText).toContain("Chat as the table recorded it:");
    expect(await page.textContent('[data-report="bad-time"]')).toContain("did not read as chat lines");
    expect(await page.$('[data-testid="no-pairs"], [data-testid="pairs"]')).not.toBeNull();
    expect(await page.$('[data-testid="actions"]')).not.toBeNull();

    // Answers the page did not expect (whatever the server may send one day): each record is read
    // before it is drawn, and one that does not read is named unreadable, never drawn.
    await page.route("**/api/operator/reports?limit=100", async (route) => {
      const real = (await (await route.fetch()).json()) as { reports: { tableId: string }[] };
      const genuine = real.reports.find((r) => r.tableId === "T-genuine");
      const broken = [
        { ...(genuine as object), id: "at-1e300", at: 1e300 },
        { ...(genuine as object), id: "line-1e300", chat: [{ name: "Bea", seat: 1, text: "x", at: 1e300 }] },
        { id: "no-fields" },
        42,
      ];
      await route.fulfill({ json: { reports: [genuine, ...broken] } });
    });
    await page.reload();
    await page.waitForSelector('[data-testid="mark-form"]');
    await page.waitForSelector('[data-testid="reports"]');
    expect(await page.$$eval('[data-testid="report-unreadable"]', (els) => els.length)).toBe(4);
    expect(await page.evaluate(textOf, "reports")).toContain("Ann reported Bea");
    expect(await page.$('[data-testid="no-pairs"], [data-testid="pairs"]')).not.toBeNull();
    await screenshot(page, "operator/02-unreadable-report");
    expect(ops.errors).toEqual([]);
  });
});
