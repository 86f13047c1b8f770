/**
 * What the browser remembers: the display name and a random player id (localStorage, shared by
 * tabs), the lobby choices, and the table this tab sits at (sessionStorage, survives a reload).
 */
import type { TableOptions } from "./table-options.ts";

const NAME_KEY = "scat.name";
const PLAYER_ID_KEY = "scat.playerId";
const PREFS_KEY = "scat.lobby";
const SEAT_KEY = "scat.seat";

/** The table this tab was seated at, for resuming after a reload. */
export interface SavedSeat {
  readonly token: string;
  readonly roomId: string;
  readonly game: string;
  readonly options: TableOptions;
  /** Watching without a seat. */
  readonly watching?: boolean;
}

function read(store: Storage, key: string): string | null {
  try {
    return store.getItem(key);
  } catch {
    return null;
  }
}

function write(store: Storage, key: string, value: string | null): void {
  try {
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // Private mode or quota: remembering is a convenience, never required.
  }
}

function randomId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function loadName(): string {
  return read(localStorage, NAME_KEY) ?? "";
}

export function saveName(name: string): void {
  write(localStorage, NAME_KEY, name.trim().slice(0, 24));
}

export function playerId(): string {
  const existing = read(localStorage, PLAYER_ID_KEY);
  if (existing !== null && existing.length >= 8) return existing;
  const id = randomId();
  write(localStorage, PLAYER_ID_KEY, id);
  return id;
}

export function loadPrefs(): Partial<TableOptions> {
  const raw = read(localStorage, PREFS_KEY);
  if (raw === null) return {};
  try {
    return JSON.parse(raw) as Partial<TableOptions>;
  } catch {
    return {};
  }
}

export function savePrefs(options: TableOptions): void {
  write(localStorage, PREFS_KEY, JSON.stringify(options));
}

export function loadSeat(): SavedSeat | null {
  const raw = read(sessionStorage, SEAT_KEY);
  if (raw === null) return null;
  try {
    const seat = JSON.parse(raw) as SavedSeat;
    return typeof seat.token === "string" && typeof seat.roomId === "string" ? seat : null;
  } catch {
    return null;
  }
}

export function saveSeat(seat: SavedSeat | null): void {
  write(sessionStorage, SEAT_KEY, seat === null ? null : JSON.stringify(seat));
}

const SHUFFLE_KEY = "scat.shuffle";

/**
 * The random value this tab added to a table's deal (docs/FAIRNESS.md, "Players' entropy"), kept
 * for the tab's session so the check at the end still finds it after a reload.
 */
export function saveShuffleValue(roomId: string, value: string): void {
  write(sessionStorage, `${SHUFFLE_KEY}.${roomId}`, value);
}

export function loadShuffleValue(roomId: string): string | null {
  return read(sessionStorage, `${SHUFFLE_KEY}.${roomId}`);
}

/** The private table this tab made (its host: "Fill with bots and start" is theirs), kept across a reload. */
const HOSTING_KEY = "scat.hosting";

export function saveHosting(roomId: string): void {
  write(sessionStorage, HOSTING_KEY, roomId);
}

export function hosting(roomId: string): boolean {
  return read(sessionStorage, HOSTING_KEY) === roomId;
}
