/** Where the game server is, and the room type every table connection uses. */
import type { Room } from "@colyseus/sdk";
import type { WireState } from "./state-feed.ts";

export type TableRoom = Room<unknown, WireState>;

/**
 * Always the page's own origin: the API, matchmaking and sockets go nowhere else, and nothing in
 * the page's address can move them (docs/SECURITY.md, "A crafted link"). In development
 * (`npm run dev -w client`) Vite serves the page and forwards `/api`, `/matchmake` and the
 * sockets to the game server (client/vite.config.ts), so the page still talks to its own origin.
 */
export function serverEndpoint(): string {
  return location.origin;
}
