/**
 * A saved account's one preferences document on the server (`/api/me/preferences`, docs/API.md):
 * a PUT replaces it whole, so each part of the page that keeps something there (the guided
 * game's answers: tutorial/offer.ts; the settings: settings/settings-sync.ts) registers a reader
 * of its part, and every write sends all parts together. A part not read yet this page (its
 * reader answers undefined) keeps what the server last said, so one part's write never wipes
 * another's. Writes go out one after another.
 */
import { serverEndpoint } from "../net/endpoint.ts";

export type PreferencesDoc = Record<string, unknown>;

const parts = new Map<string, () => unknown>();
let lastSeen: PreferencesDoc = {};
let chain: Promise<unknown> = Promise.resolve();

export function registerPart(key: string, read: () => unknown): void {
  parts.set(key, read);
}

async function request(method: "GET" | "PUT", body?: unknown): Promise<PreferencesDoc | null> {
  const res = await fetch(`${serverEndpoint()}/api/me/preferences`, {
    method,
    credentials: "same-origin",
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  if (!res.ok) return null;
  const doc = ((await res.json()) as { preferences?: PreferencesDoc }).preferences ?? {};
  lastSeen = doc;
  return doc;
}

/** The account's document (null: a guest, signed out, or the server out of reach). */
export function fetchPreferences(): Promise<PreferencesDoc | null> {
  const run = chain.then(() => request("GET")).catch(() => null);
  chain = run;
  return run;
}

/** The whole document from every part (or the server's copy of a part not read yet), written. */
export function putPreferences(): Promise<PreferencesDoc | null> {
  const run = chain
    .then(() => {
      const doc: PreferencesDoc = { ...lastSeen };
      for (const [key, read] of parts) {
        const value = read();
        if (value !== undefined) doc[key] = value;
      }
      return request("PUT", doc);
    })
    .catch(() => null);
  chain = run;
  return run;
}
