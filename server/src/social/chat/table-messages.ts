/** The table chat's messages (table-chat.ts): the chat has its own per-account limit on top of the table's message budget. */
import { CHAT_CLIENT } from "@scat/shared/social/chat.ts";
import { allowOrSay } from "../../table/messages.ts";
import type { RoomKit } from "../../table/table-room.ts";

/** Adds `say` and chat settings to a server's tables. */
export function chatAtTables(kit: RoomKit): void {
  kit.handle(CHAT_CLIENT.say, (room, replies, client, payload) => {
    if (!allowOrSay(replies, client)) return;
    return room.chat.say(client, payload).catch((error: unknown) => room.contain(error, "onMessage", client));
  });
  kit.handle(CHAT_CLIENT.prefs, (room, replies, client, payload) => {
    if (!allowOrSay(replies, client)) return;
    room.chat.prefs(client, payload);
  });
}
