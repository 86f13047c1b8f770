/**
 * The account HTTP API (docs/API.md). The browser's session is an HttpOnly cookie this page
 * cannot read (docs/SECURITY.md, "Credentials no script can read"): requests go to the page's
 * own origin and the browser adds the cookie. What the page keeps is only the public player id,
 * for taking a ranked seat back after a reload.
 */
import type {
  CasualGame,
  HistoryPoint,
  Leaderboard,
  MatchHistoryPage,
  Profile,
  PublicPlayer as AccountPlayer,
  RankedProgress,
} from "@scat/shared";
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { serverEndpoint } from "../net/endpoint.ts";

export type { AccountPlayer };
export type { BoardEntry, GameRating, HistoryPoint } from "@scat/shared";

export interface Account {
  readonly player: AccountPlayer;
}

/** A session or personal token, as the sessions list shows it. */
export interface SessionInfo {
  readonly id: string;
  readonly kind: "browser" | "token";
  readonly label: string;
  readonly lastUsedAt: number;
  readonly expiresAt: number;
  readonly current: boolean;
}

/** Where browsers kept a signed token before sessions were cookies (moved once, then removed). */
const LEGACY_ACCOUNT_KEY = "scat.account";
/** The public id of the account this browser plays as (not a secret: it is on the leaderboard). */
const PLAYER_KEY = "scat.accountPlayer";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function knownPlayerId(): string | null {
  try {
    return localStorage.getItem(PLAYER_KEY);
  } catch {
    return null;
  }
}

function remember(account: Account | null): Account | null {
  try {
    if (account === null) localStorage.removeItem(PLAYER_KEY);
    else localStorage.setItem(PLAYER_KEY, account.player.id);
  } catch {
    // Private mode: the seat comes back by reconnection token only.
  }
  return account;
}

/**
 * How long a request to the accounts may take before the page says the server did not answer
 * (a page left waiting with no word is a dead end; a busy server's first database start has taken
 * tens of seconds).
 */
export const API_TIMEOUT_MS = 30_000;

async function call<T>(path: string, body?: unknown, bearer?: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${serverEndpoint()}/api${path}`, {
      method: body === undefined ? "GET" : "POST",
      credentials: "same-origin",
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === "TimeoutError")
      throw new ApiError(0, "timeout", "The server did not answer in time: please try again");
    throw err;
  }
  const text = await res.text();
  let data = {} as T & { error?: string; message?: string };
  try {
    if (text) data = JSON.parse(text) as T & { error?: string; message?: string };
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  if (!res.ok) throw new ApiError(res.status, data.error ?? "error", data.message ?? `The server answered ${res.status}`);
  return data;
}

export const api = {
  /** Without a name the server generates one. */
  guest: (name?: string) => call<Account>("/accounts/guest", name === undefined ? {} : { name }),
  /** Saving the account answers with its recovery codes, shown once. */
  register: (username: string, password: string) =>
    call<Account & { recoveryCodes?: string[] }>("/accounts/register", { username, password }),
  signIn: (username: string, password: string) => call<Account>("/accounts/sign-in", { username, password }),
  signOut: () => call<unknown>("/accounts/sign-out", {}),
  signOutEverywhere: () => call<unknown>("/accounts/sign-out-everywhere", {}),
  me: () => call<Account>("/me"),
  sessions: () => call<{ sessions: SessionInfo[] }>("/me/sessions"),
  revokeSession: (id: string) => call<unknown>(`/me/sessions/${encodeURIComponent(id)}/revoke`, {}),
  rename: (name: string) => call<Account>("/me/name", { name }),
  leaderboard: (game: string) => call<Leaderboard>(`/leaderboard/${game}`),
  profile: (id: string) => call<Profile>(`/players/${encodeURIComponent(id)}`),
  /** A page of a player's ranked matches, newest first (`before`: the previous page's `next`). */
  matches: (id: string, before: string | null = null) =>
    call<MatchHistoryPage>(`/players/${encodeURIComponent(id)}/matches?limit=10${before ? `&before=${encodeURIComponent(before)}` : ""}`),
  logUrl: (matchId: string) => `${serverEndpoint()}/api/matches/${encodeURIComponent(matchId)}/log`,
  /** How far this account is from ranked play, and why recent casual games did not count. */
  rankedProgress: () => call<RankedProgress>("/me/ranked-progress"),
  /** This account's last casual games (at most 50), newest first. */
  casualGames: () => call<{ games: CasualGame[] }>("/me/games?limit=50"),
  history: (id: string, game: string) => call<{ history: HistoryPoint[] }>(`/players/${encodeURIComponent(id)}/history/${game}`),
};

/** A passkey of the account, as its list shows it. */
export interface PasskeyInfo {
  readonly id: string;
  readonly label: string;
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
  readonly backedUp: boolean;
}

/** Passkeys, recovery codes and the password (docs/API.md, "Passkeys and recovery codes"); the ceremonies' JSON is @simplewebauthn's. */
export const recoveryApi = {
  passkeyOptions: () => call<{ options: PublicKeyCredentialCreationOptionsJSON }>("/me/passkeys/options", {}),
  addPasskey: (response: unknown, label?: string) =>
    call<{ passkey: PasskeyInfo }>("/me/passkeys", label === undefined ? { response } : { response, label }),
  passkeys: () => call<{ passkeys: PasskeyInfo[] }>("/me/passkeys"),
  removePasskey: (id: string) => call<unknown>(`/me/passkeys/${encodeURIComponent(id)}/remove`, {}),
  passkeySignInOptions: () => call<{ options: PublicKeyCredentialRequestOptionsJSON }>("/accounts/passkey/options", {}),
  passkeySignIn: (response: unknown) => call<Account>("/accounts/passkey", { response }).then(remember),
  recoveryStatus: () => call<{ remaining: number; createdAt: number | null }>("/me/recovery-codes"),
  newRecoveryCodes: () => call<{ codes: string[] }>("/me/recovery-codes", {}),
  recover: (username: string, code: string) => call<Account>("/accounts/recover", { username, code }).then(remember),
  setPassword: (password: string, currentPassword?: string) =>
    call<unknown>("/me/password", currentPassword === undefined ? { password } : { password, currentPassword }),
};

/** A browser that kept a signed token in localStorage moves onto a session cookie, and forgets the token. */
async function moveLegacyToken(): Promise<void> {
  let token: string | null;
  try {
    const raw = localStorage.getItem(LEGACY_ACCOUNT_KEY);
    token = raw ? (((JSON.parse(raw) as { token?: unknown }).token as string | null) ?? null) : null;
  } catch {
    token = null;
  }
  if (typeof token !== "string") return;
  try {
    await call<Account>("/accounts/session", {}, token);
  } catch (err) {
    // Kept for another try when the server could not be reached; dropped when it said no.
    if (!(err instanceof ApiError)) throw err;
  }
  try {
    localStorage.removeItem(LEGACY_ACCOUNT_KEY);
  } catch {
    /* nothing to forget */
  }
}

/** Whether this page made the account (a guest) rather than finding a session it already had. */
let madeHere = false;
/** The lookup under way: two parts of the page asking at once make one guest, not two. */
let pending: Promise<Account> | null = null;

/**
 * The account this browser uses: its session, else a guest made silently with the typed name, or
 * with none typed a name the server generates ("Lucky Otter"), so nobody plays as "Player".
 */
export function ensureAccount(name: string): Promise<Account> {
  pending ??= findOrMake(name).finally(() => {
    pending = null;
  });
  return pending;
}

/** How long a join waits for the account before the table takes the typed name (lobby-scene.ts). */
export const ACCOUNT_WAIT_MS = 15_000;

/** `p`, or a rejection once `ms` have passed without it (`p` still runs to its end). */
export function withinMs<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ApiError(0, "timeout", "The server did not answer in time")), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/** Whether the account was made on this visit (a new guest) rather than signed in before. */
export function accountMadeHere(): boolean {
  return madeHere;
}

async function findOrMake(name: string): Promise<Account> {
  await moveLegacyToken();
  try {
    return remember(await api.me())!;
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401) throw err;
  }
  // A name the server refuses (docs/API.md, "Names") still gets the player an account, under a
  // generated name; the lobby then tries the typed name as a rename and shows why it is refused.
  const typed = name.trim();
  const made = await (typed === ""
    ? api.guest()
    : api.guest(typed).catch((err: unknown) => {
        if (err instanceof ApiError && err.code === "bad-name") return api.guest();
        throw err;
      }));
  madeHere = true;
  return remember(made)!;
}

/** After signing out: this browser plays as nobody until the next account is made. */
export function forgetAccount(): void {
  remember(null);
}

/** The rating shown for a game: "1532", "1500?" while provisional. */
export function ratingText(r: { rating: number; provisional: boolean } | undefined): string {
  if (!r) return "1500?";
  return `${r.rating}${r.provisional ? "?" : ""}`;
}
