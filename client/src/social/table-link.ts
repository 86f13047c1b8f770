/**
 * The table's link during play: a seated player's `?table=` link takes the seat
 * back from any tab of this browser (by playerId); a spectator's is a `?watch=` link to share.
 */
import { tableLink } from "../net/connection.ts";
import { toast } from "../ui/toast.ts";

export function linkFor(roomId: string, watching: boolean): string {
  return tableLink(roomId, watching ? "watch" : "table");
}

/** Copies the link (or shows it when the clipboard is refused) and says what it is for. */
export async function copyTableLink(roomId: string, watching: boolean): Promise<void> {
  const link = linkFor(roomId, watching);
  try {
    await navigator.clipboard.writeText(link);
    toast(watching ? "Copied the link to watch this table" : "Copied the table link: open it to come back to your seat");
  } catch {
    toast(link);
  }
}
