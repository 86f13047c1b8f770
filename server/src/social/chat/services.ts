/**
 * The chat's cross-process parts for one server: the per-account line limit (limits/: in Redis
 * when REDIS_URL is set, so an account gets it once across processes), chat bans and blocks.
 */
import type { ServerConfig } from "../../config.ts";
import { limitsFor } from "../../limits/index.ts";
import type { Db } from "../../db/database.ts";
import { latestSanction } from "../../moderation/traces.ts";
import type { BlockCache } from "../blocks.ts";
import type { ChatServices } from "./table-chat.ts";

/** `db`: the store (an account speaking means it is open); `blocks`: loaded when an account sits or queues. */
export function chatServices(config: ServerConfig, db?: () => Promise<Db>, blocks?: BlockCache): ChatServices {
  const limits = limitsFor(config);
  return {
    limiter: limits.chat,
    // An operator's mute (moderation/reports.ts, `account_sanctions`) of any account the speaker is linked to.
    chatBannedUntil: async (accounts) => (db ? latestSanction(await db(), accounts, "mute") : null),
    // Either blocked the other (social/blocks.ts): the pair does not hear each other.
    blocked: (reader, speaker) => blocks?.apart(reader, speaker) ?? false,
  };
}
