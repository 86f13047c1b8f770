/** The three bot strengths a table may choose. Normal is the games' own bot. */
import { z } from "zod";

export const BOT_STRENGTHS = ["easy", "normal", "strong"] as const;
export type BotStrength = (typeof BOT_STRENGTHS)[number];
export const botStrengthSchema = z.enum(BOT_STRENGTHS);
export const DEFAULT_BOT_STRENGTH: BotStrength = "normal";
