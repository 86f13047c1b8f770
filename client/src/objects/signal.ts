/** Another seat's connection quality as signal bars for its caption (never ms: not a reaction time). */
import { signalLevel } from "../ui/table-toolbar.ts";

const BARS = ["", "▂", "▂▄", "▂▄▆", "▂▄▆█"] as const;

/** "▂▄▆█" for a good link down to "▂" for a poor one; "" while unknown (ping 0). */
export function signalGlyph(pingMs: number): string {
  return pingMs > 0 ? BARS[signalLevel(pingMs)] : "";
}
