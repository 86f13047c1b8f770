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
import { Tokens, tokenSecret } from "../accounts/tokens.ts";
import { openStore, type Db, type Store } from "../db/database.ts";

export const IN_MEMORY = ":memory:";

type PlatformConfig = Pick<ServerConfig, "dataDir" | "databaseUrl" | "tokenSecret"> & Partial<Pick<ServerConfig, "sessionDays">>;

export class Platform {
  readonly tokens: Tokens;
  /** Signs tokens and ranked roster tickets. */
  readonly secret: string;
  private opening: Promise<Store> | null = null;
  /** Called after this process rated a match of `game` (the leaderboard cache listens). */
  onRated: (game: string) => void = () => undefined;

  constructor(private readonly config: PlatformConfig) {
    const memory = config.dataDir === IN_MEMORY;
    this.secret = config.tokenSecret ?? (memory ? randomBytes(32).toString("hex") : tokenSecret(null, config.dataDir));
    this.tokens = new Tokens(this.secret);
  }

  store(): Promise<Store> {
    this.opening ??= openStore({ databaseUrl: this.config.databaseUrl, dataDir: this.config.dataDir === IN_MEMORY ? null : this.config.dataDir });
    return this.opening;
  }

  async db(): Promise<Db> {
    return (await this.store()).db;
  }

  async accounts(): Promise<Accounts> {
    return new Accounts(await this.db(), this.tokens);
  }

  async sessions(): Promise<Sessions> {
    return new Sessions(await this.db(), this.config.sessionDays ?? 30);
  }

  /**
   * Who a socket (`method` undefined) or request is: a personal token (header or join option
   * `token`), else the session cookie from this site's own page (accounts/auth.ts).
   */
  async identify(headers: HeaderBag | undefined, method: string | undefined, optionToken?: unknown): Promise<Authenticated | null> {
    return authenticate(await this.sessions(), credentialOf(headers ?? {}, method, optionToken));
  }

  async close(): Promise<void> {
    const opening = this.opening;
    this.opening = null;
    if (opening) await (await opening).close();
  }
}
