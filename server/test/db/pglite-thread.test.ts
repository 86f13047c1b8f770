/**
 * Embedded PGlite in its own thread (src/db/pglite-thread.ts): queries, PostgreSQL's error fields
 * across the thread hop (the accounts code tells a taken username by code 23505), the order of a
 * transaction's statements, and a closed store refusing further queries with a clear error.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { openStore, type Store } from "../../src/db/database.ts";
import { appMigrations } from "../../src/migrations.ts";
import { PGliteThread } from "../../src/db/pglite-thread.ts";

describe("embedded PGlite in its own thread", () => {
  let thread: PGliteThread;
  beforeAll(async () => {
    thread = await PGliteThread.create(null);
  }, 60_000);
  afterAll(async () => {
    await thread.close();
  });

  it("answers queries with rows, int8 as numbers, dates and JSON as values", async () => {
    await thread.query("create table t (id int8 primary key, at timestamptz, doc jsonb)");
    const ins = await thread.query("insert into t values ($1, $2, $3), ($4, $5, $6)", [
      1,
      new Date(1_700_000_000_000),
      JSON.stringify({ a: 1 }),
      2,
      new Date(0),
      JSON.stringify([1, 2]),
    ]);
    expect(ins.affectedRows).toBe(2);
    const { rows } = await thread.query<{ id: number; at: Date; doc: unknown }>("select * from t order by id");
    expect(rows).toEqual([
      { id: 1, at: new Date(1_700_000_000_000), doc: { a: 1 } },
      { id: 2, at: new Date(0), doc: [1, 2] },
    ]);
  });

  it("keeps PostgreSQL's error fields (code, constraint) across the thread", async () => {
    const err = (await thread.query("insert into t values (1, now(), null)").catch((e: unknown) => e)) as {
      code?: string;
      constraint?: string;
      message: string;
    };
    expect(err).toBeInstanceOf(Error);
    expect(err.code).toBe("23505");
    expect(err.constraint).toBe("t_pkey");
    expect(err.message).toMatch(/duplicate key/);
    // The thread goes on answering after a failure.
    expect((await thread.query<{ n: number }>("select count(*)::int8 as n from t")).rows[0]!.n).toBe(2);
  });

  it("runs statements in the order they were sent, so a transaction's begin/commit bracket its own", async () => {
    const sent = [thread.query("begin"), thread.query("insert into t values (3, now(), null)"), thread.query("rollback")];
    await Promise.all(sent);
    expect((await thread.query<{ n: number }>("select count(*)::int8 as n from t")).rows[0]!.n).toBe(2);
  });
});

describe("a store on the thread", () => {
  let store: Store;
  it("migrates, serves Kysely queries, and refuses queries once closed", async () => {
    // The game's event loop keeps ticking while PGlite starts and migrates (its WebAssembly runs in the thread).
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    store = await openStore({ databaseUrl: null, dataDir: null, migrations: appMigrations });
    delay.disable();
    expect(store.kind).toBe("pglite");
    const players = await store.db.selectFrom("players").select("id").execute();
    expect(players).toEqual([]);
    await store.close();
    await expect(store.db.selectFrom("players").select("id").execute()).rejects.toThrow();
    // Reported, not asserted (timing): the longest the event loop was held while the store opened.
    console.log(`event loop held at most ${(delay.max / 1e6).toFixed(0)} ms while embedded PGlite opened and migrated`);
  }, 60_000);
});
