/**
 * The table view on screen and its latest announcements, for the test hook (`testState`): the
 * shade the hand shows and what was announced (calls, Skits, Scats) are view state, not snapshot.
 */
import type { Shade } from "../../objects/dark-card.ts";

interface LiveTable {
  readonly shade: Shade;
}

const announcements: string[] = [];

export const live = {
  table: null as LiveTable | null,
  announce(text: string): void {
    announcements.push(text);
    if (announcements.length > 20) announcements.shift();
  },
  announcements(): readonly string[] {
    return announcements.slice();
  },
};
