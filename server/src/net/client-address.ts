import type { IncomingMessage } from "node:http";

/**
 * The address a request came from: the last `X-Forwarded-For` hop when the server sits behind a
 * trusted proxy (that hop is the one the proxy wrote; earlier ones are the client's word), else
 * the socket's peer. Its own file, as both the HTTP gate and the limits read it and the limits
 * sit below the gate.
 */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers["x-forwarded-for"] : undefined;
  const hops =
    typeof forwarded === "string"
      ? forwarded
          .split(",")
          .map((h) => h.trim())
          .filter(Boolean)
      : [];
  return hops.at(-1) ?? req.socket.remoteAddress ?? "unknown";
}
