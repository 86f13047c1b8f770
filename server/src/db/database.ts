/**
 * Opens the database: a PostgreSQL server when `DATABASE_URL` is set (`pg` pool), otherwise
 * embedded PGlite with its files under `DATA_DIR`. Both go through the same Kysely instance
 * type and the same migrations, so every query in the server runs unchanged on either.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect } from "kysely";
import { Migrator, type MigrationProvider } from "kysely/migration";
import pg from "pg";
import { logger } from "../logger.ts";
import { PGliteDialect } from "./pglite-dialect.ts";
import { PGliteThread } from "./pglite-thread.ts";
import type { Database } from "./schema.ts";

export type Db = Kysely<Database>;

export interface Store {
  readonly db: Db;
  readonly kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export interface StoreOptions {
  /** PostgreSQL connection string; null = embedded PGlite. */
  readonly databaseUrl: string | null;
  /** Directory for PGlite's files; null = in memory (tests). */
  readonly dataDir: string | null;
  /** The migrations to bring the schema to (server/src/migrations.ts lists the server's). */
  readonly migrations: MigrationProvider;
}

const INT8 = 20;

async function openPGlite(dataDir: string | null): Promise<Store> {
  let dir: string | null = null;
  if (dataDir !== null) {
    dir = path.resolve(dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
  }
  // In its own thread (pglite-thread.ts): its start and its queries never hold the game's event
  // loop. Started on first use: the WebAssembly build is large, and a process on PostgreSQL never needs it.
  const pglite = await PGliteThread.create(dir);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: "pglite",
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

function openPostgres(url: string): Store {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // int8 columns hold millisecond times and counts, all well inside a double's exact range.
  pool.on("connect", (client) => {
    client.setTypeParser?.(INT8, (v: string) => Number(v));
  });
  // An idle connection the server drops (a restart, a network cut) is only logged: the pool opens
  // a new one on the next query. Unhandled, this event would end the process.
  pool.on("error", (err) => logger.warn({ err }, "a PostgreSQL connection was lost"));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: "postgres", close: () => db.destroy() };
}

/** Opens the store and brings its schema to the newest migration. */
export async function openStore(options: StoreOptions): Promise<Store> {
  const store = options.databaseUrl !== null ? openPostgres(options.databaseUrl) : await openPGlite(options.dataDir);
  try {
    await migrate(store.db, options.migrations);
  } catch (err) {
    await store.close();
    throw err;
  }
  return store;
}

export async function migrate(db: Db, migrations: MigrationProvider): Promise<void> {
  const { error, results } = await new Migrator({ db, provider: migrations, allowUnorderedMigrations: true }).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) throw new Error(`database migration failed${failed ? ` at ${failed.migrationName}` : ""}: ${String(error)}`);
}
