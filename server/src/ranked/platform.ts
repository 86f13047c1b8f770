/**
 * The accounts-and-ratings side of one server process: the store (opened on first use, so a
 * process or test that never touches accounts never starts PGlite), the token signer and the
 * account service. `DATA_DIR=:memory:` keeps PGlite in memory and the token secret in the process
 * (tests).
 */
import { randomBytes } from "node:crypto";
import type { ServerConfig } from "../config.ts";
import { Accounts } from "../accounts/accounts.ts";
import { authenticate, credentialOf, type HeaderBag } from "../accounts/auth.ts";
import { Sessions, type Authenticated } from "../accounts/sessions.ts";
import { ConductRecord } from "../conduct/record.ts";
import { SeenAddresses } from "../moderation/addresses.ts";
import { Traces } from "../moderation/traces.ts";
import { registeredLookalike } from "../names/registry.ts";
import { nameKey } from "../names/skeleton.ts";
import type { RankedRules } from "./rules.ts";
import { Tokens, tokenSecret } from "../accounts/tokens.ts";
import { openStore, type Db, type Store } from "../db/database.ts";
import type { MigrationProvider } from "kysely/migration";
import { appMigrations } from "../migrations.ts";
import { logger } from "../logger.ts";

export const IN_MEMORY = ":memory:";

/** Table-raised writes kept in memory while embedded PGlite is not open (`Platform.whenOpen`). */
export const PENDING_WRITES = 1_000;

type PlatformConfig = Pick<ServerConfig, "dataDir" | "databaseUrl" | "tokenSecret"> & Partial<Pick<ServerConfig, "sessionDays" | "ranked">>;

/** Ranked play's rules when a test builds a platform without them: the product's defaults. */
const DEFAULT_RANKED: RankedRules = {
  guests: false,
  minGames: 3,
  acceptSeconds: 10,
  pairGamesPerDay: 3,
  abortSteps: 6,
  sameAddress: false,
  poolMixMs: 60_000,
};

export class Platform {
  readonly tokens: Tokens;
  /** Signs tokens and ranked roster tickets. */
  readonly secret: string;
  private opening: Promise<Store> | null = null;
  /** Called after this process rated a match of `game` (the leaderboard cache listens). */
  onRated: (game: string) => void = () => undefined;

  /** `migrations`: what the store applies when it opens (the server's whole list unless a caller hands in another). */
  constructor(
    private readonly config: PlatformConfig,
    private readonly migrations: MigrationProvider = appMigrations,
  ) {
    const memory = config.dataDir === IN_MEMORY;
    this.secret = config.tokenSecret ?? (memory ? randomBytes(32).toString("hex") : tokenSecret(null, config.dataDir));
    this.tokens = new Tokens(this.secret);
  }

  store(): Promise<Store> {
    if (!this.opening) {
      this.opening = openStore({
        databaseUrl: this.config.databaseUrl,
        dataDir: this.config.dataDir === IN_MEMORY ? null : this.config.dataDir,
        migrations: this.migrations,
      });
      this.opening.then(
        (store) => {
          this.ready = true;
          // Writes the tables raised before the store opened (`whenOpen`), in the order raised.
          for (const write of this.pending.splice(0)) void write(store.db).catch(() => undefined);
        },
        () => undefined,
      );
    }
    return this.opening;
  }

  /** The store has opened (a join never waits for PGlite's first start). */
  private ready = false;

  /**
   * Whether a name typed at a casual table looks the same as a registered player's (names/), for
   * anyone but that player. Checked once the store is open: a join never waits for it. With
   * PostgreSQL the first join opens it in the background; embedded PGlite is left to the account
   * routes (a page opens it with its first request): its start takes seconds and a worker thread
   * with its own memory (db/pglite-thread.ts), which a process that only ever seats anonymous
   * players never needs. (Before it ran in a thread, its start also held the event loop long
   * enough to cost a cluster process its lease.)
   */
  async looksRegistered(name: string, accountId: string | null): Promise<boolean> {
    if (!this.ready) {
      if (this.config.databaseUrl !== null) void this.store().catch(() => undefined);
      return false;
    }
    try {
      return await registeredLookalike((await this.store()).db, nameKey(name), accountId);
    } catch {
      return false;
    }
  }

  /**
   * A write a table raises on its own (a fair-play flag), not for a request that waits on it. It
   * never starts embedded PGlite from the game path (as `looksRegistered` says; before PGlite ran
   * in its own thread, a flag raised on a bot table cost a cluster process its lease so): with
   * PGlite not open yet it waits in memory (at most PENDING_WRITES,
   * the oldest dropped first) and runs once the store opens for anything else (a page's first
   * request, the operator page). With PostgreSQL it runs at once.
   */
  whenOpen(write: (db: Db) => Promise<unknown>): Promise<void> {
    if (this.ready || this.config.databaseUrl !== null)
      return this.db()
        .then(write)
        .then(() => undefined);
    if (this.pending.length >= PENDING_WRITES) {
      this.pending.shift();
      logger.warn({ kept: PENDING_WRITES }, "a table's write waiting for the embedded store was dropped (the oldest)");
    }
    return new Promise((resolve, reject) => {
      this.pending.push((db) =>
        write(db).then(
          () => resolve(),
          (err: unknown) => {
            reject(err);
          },
        ),
      );
    });
  }
  private readonly pending: ((db: Db) => Promise<void>)[] = [];

  /** Where the store is: not asked for yet, opening, or open (the operator's /health says it). */
  get storeState(): "closed" | "opening" | "open" {
    return this.ready ? "open" : this.opening !== null ? "opening" : "closed";
  }

  /** Whether the store was asked to open (embedded PGlite starts then). */
  get storeStarted(): boolean {
    return this.opening !== null;
  }

  /** How many writes wait for embedded PGlite to open (`whenOpen`). */
  get pendingWrites(): number {
    return this.pending.length;
  }

  async db(): Promise<Db> {
    return (await this.store()).db;
  }

  async accounts(): Promise<Accounts> {
    return new Accounts(await this.db(), this.tokens);
  }

  get rankedRules(): RankedRules {
    return { ...DEFAULT_RANKED, ...this.config.ranked };
  }

  async conduct(): Promise<ConductRecord> {
    return new ConductRecord(await this.db());
  }

  /** Keyed hashes of the addresses accounts queue from (moderation/addresses.ts). */
  async addresses(): Promise<SeenAddresses> {
    if (!this.seen) this.seen = new SeenAddresses(await this.db(), this.secret);
    return this.seen;
  }
  private seen: SeenAddresses | null = null;

  /**
   * Devices and addresses accounts play from (moderation/traces.ts), or null while embedded PGlite
   * is not open: the join path never starts it (as `looksRegistered` says).
   */
  async tracesIfOpen(): Promise<Traces | null> {
    if (!this.ready && this.config.databaseUrl === null) return null;
    if (!this.traced) this.traced = new Traces(await this.db(), this.secret);
    return this.traced;
  }
  private traced: Traces | null = null;

  async sessions(): Promise<Sessions> {
    return new Sessions(await this.db(), this.config.sessionDays ?? 30);
  }

  /**
   * Who a socket (`method` undefined) or request is: a personal token (header or join option
   * `token`), else the session cookie from this site's own page (accounts/auth.ts).
   */
  async identify(headers: HeaderBag | undefined, method: string | undefined, optionToken?: unknown): Promise<Authenticated | null> {
    const credential = credentialOf(headers ?? {}, method, optionToken);
    // Nothing presented: no store opened (a process that never sees an account never starts PGlite).
    if (credential === null || credential.kind === "cross-site") return null;
    return authenticate(await this.sessions(), credential);
  }

  /**
   * `identify` for a casual table's join: never starts embedded PGlite from the join path, nor
   * waits seconds for its start (as `looksRegistered` says); with PGlite not open yet the join is
   * simply not tied to an account.
   */
  async identifyForTable(headers: HeaderBag | undefined, optionToken?: unknown): Promise<Authenticated | null> {
    if (!this.ready && this.config.databaseUrl === null) return null;
    return this.identify(headers, undefined, optionToken);
  }

  /**
   * A casual join `identifyForTable` did not tie to an account because embedded PGlite was not open
   * yet, but that came with a credential (a session cookie or token: an account holder, not an
   * anonymous visitor): who it is, read once the store is open, without holding the join. Null
   * when there is nothing to read later (no credential, or the store was open for the join).
   * Without it a player's first games after a server start (PGlite still opening) were never on
   * the account's record and did not count toward ranked play.
   */
  identifyLater(headers: HeaderBag | undefined, optionToken?: unknown): Promise<Authenticated | null> | null {
    if (this.ready || this.config.databaseUrl !== null) return null;
    const credential = credentialOf(headers ?? {}, undefined, optionToken);
    if (credential === null || credential.kind === "cross-site") return null;
    return this.identify(headers, undefined, optionToken).catch(() => null);
  }

  async close(): Promise<void> {
    const opening = this.opening;
    this.opening = null;
    if (opening) await (await opening).close();
  }
}
