/**
 * A click on a card that cannot be played now: the hand views report it here
 * with the card's place on the page; the keyboard table (table-a11y.ts) asks the table for the
 * engine's reason and shows it next to the card, and announces it.
 */
import { reduceMotionNow } from "../settings/settings-store.ts";

export interface RefusedCard {
  readonly card: string;
  /** Page coordinates (CSS px) of the card's top centre. */
  readonly x: number;
  readonly y: number;
}

let handler: ((r: RefusedCard) => void) | null = null;

export function onCardRefused(fn: ((r: RefusedCard) => void) | null): void {
  handler = fn;
}

export function cardRefused(r: RefusedCard): void {
  handler?.(r);
}

/** The Settings page's choice, or the device's `prefers-reduced-motion` when it follows the device. */
export function reducedMotion(): boolean {
  return reduceMotionNow();
}
