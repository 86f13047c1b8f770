/**
 * The account HTTP API (docs/API.md) and what the browser keeps of it: the signed token and the
 * player it names (localStorage, so every tab and a reload share one account).
 */
import type { HistoryPoint, Leaderboard, Profile, PublicPlayer as AccountPlayer, Session as Account } from "@scat/shared";
import { serverEndpoint } from "../net/endpoint.ts";

export type { Account, AccountPlayer };
export type { BoardEntry, GameRating, HistoryPoint } from "@scat/shared";

const ACCOUNT_KEY = "scat.account";

export class ApiError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

export function loadAccount(): Account | null {
  try {
    const raw = localStorage.getItem(ACCOUNT_KEY);
    const a = raw ? (JSON.parse(raw) as Account) : null;
    return a && typeof a.token === "string" && typeof a.player?.id === "string" ? a : null;
  } catch {
    return null;
  }
}

export function saveAccount(a: Account | null): void {
  try {
    if (a === null) localStorage.removeItem(ACCOUNT_KEY);
    else localStorage.setItem(ACCOUNT_KEY, JSON.stringify(a));
  } catch {
    // Private mode: the account lasts for this page only.
  }
}

async function call<T>(path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${serverEndpoint()}/api${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  const data = text ? (JSON.parse(text) as T & { error?: string; message?: string }) : ({} as T & { error?: string; message?: string });
  if (!res.ok) throw new ApiError(res.status, data.error ?? "error", data.message ?? `HTTP ${res.status}`);
  return data;
}

export const api = {
  guest: (name: string) => call<Account>("/accounts/guest", { name }),
  register: (token: string, username: string, password: string) => call<Account>("/accounts/register", { username, password }, token),
  signIn: (username: string, password: string) => call<Account>("/accounts/sign-in", { username, password }),
  signOut: (token: string) => call<unknown>("/accounts/sign-out", {}, token),
  me: (token: string) => call<{ player: AccountPlayer }>("/me", undefined, token),
  rename: (token: string, name: string) => call<{ player: AccountPlayer }>("/me/name", { name }, token),
  leaderboard: (game: string, token?: string) => call<Leaderboard>(`/leaderboard/${game}`, undefined, token),
  profile: (id: string) => call<Profile>(`/players/${encodeURIComponent(id)}`),
  logUrl: (matchId: string) => `${serverEndpoint()}/api/matches/${encodeURIComponent(matchId)}/log`,
  history: (id: string, game: string) => call<{ history: HistoryPoint[] }>(`/players/${encodeURIComponent(id)}/history/${game}`),
};

/** The account this browser uses, made silently (a guest with the typed name) on a first visit. */
export async function ensureAccount(name: string): Promise<Account> {
  const saved = loadAccount();
  if (saved) {
    try {
      const { player } = await api.me(saved.token);
      const fresh = { token: saved.token, player };
      saveAccount(fresh);
      return fresh;
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 401) throw err;
    }
  }
  // A name the server refuses (docs/API.md, "Names") still gets the player an account, as "Player <n>" (renamed later).
  const made = await api.guest(name.trim() || "Player").catch((err: unknown) => {
    if (err instanceof ApiError && err.code === "bad-name") return api.guest(`Player ${Math.floor(1000 + Math.random() * 9000)}`);
    throw err;
  });
  saveAccount(made);
  return made;
}

/** The rating shown for a game: "1532", "1500?" while provisional. */
export function ratingText(r: { rating: number; provisional: boolean } | undefined): string {
  if (!r) return "1500?";
  return `${r.rating}${r.provisional ? "?" : ""}`;
}
