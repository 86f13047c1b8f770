/** Where the game server is, and the room type every table connection uses. */
import type { Room } from "@colyseus/sdk";
import type { WireState } from "./state-feed.ts";

export type TableRoom = Room<unknown, WireState>;

/** Same origin as the page, unless `?server=http://host:port` says otherwise (Vite dev: 2567). */
export function serverEndpoint(): string {
  const param = new URLSearchParams(location.search).get("server");
  if (param) return param;
  if (location.port === "5173") return `${location.protocol}//${location.hostname}:2567`;
  return location.origin;
}
