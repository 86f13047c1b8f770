/** Devil's Scat moves the browser tests share: one own turn, and a whole game played to its end. */
import type { Page } from "playwright-core";
import { clickTarget, has, legal, waitState, type TableState } from "./page.ts";

export interface DrawAndDiscard {
  /** Draw the discard pile's top card instead of the deck's. */
  readonly fromDiscard?: boolean;
  /** Runs with the drawn card in hand, before the discard (a screenshot). */
  readonly afterDraw?: (() => Promise<unknown>) | undefined;
}

/** One own turn: draws, then discards the first legal card and waits for it to leave the hand. */
export async function drawAndDiscard(page: Page, s: TableState, { fromDiscard = false, afterDraw }: DrawAndDiscard = {}): Promise<void> {
  const before = s.hand ?? [];
  await clickTarget(page, fromDiscard ? "pile:discard" : "pile:deck");
  const drawn = await waitState(page, `(s.hand || []).length === ${before.length + 1} && (s.legal || []).some(a => a.type === "discard")`);
  await afterDraw?.();
  const card = legal(drawn, "discard")?.card;
  if (typeof card !== "string") throw new Error(`no card to discard among ${JSON.stringify(drawn.legal)}`);
  await clickTarget(page, `card:${card}`);
  await waitState(page, `!(s.hand || []).includes(${JSON.stringify(card)}) || s.resultPanel !== null`);
}

/**
 * Knocks at once, plays an own turn with `turn` (numbered from 0; draw and discard from the deck
 * unless told) after the other knocked, continues after each round, until the game's result is up.
 */
export async function playToGameOver(
  page: Page,
  turn: (s: TableState, n: number) => Promise<void> = (s) => drawAndDiscard(page, s),
): Promise<TableState> {
  const deadline = Date.now() + 150_000;
  let turns = 0;
  while (Date.now() < deadline) {
    const s = await waitState(
      page,
      `s.resultPanel === "game" || (s.legal || []).some(a => ["knock", "drawDeck", "continue"].includes(a.type))`,
      60_000,
    );
    if (s.resultPanel === "game") return s;
    if (has(s, "continue")) {
      const round = s.round ?? 0;
      await clickTarget(page, "button:continue");
      await waitState(page, `s.resultPanel === "game" || s.round > ${round}`, 30_000);
    } else if (has(s, "knock")) {
      await clickTarget(page, "button:knock");
      await waitState(page, `!(s.legal || []).some(a => a.type === "knock")`);
    } else {
      await turn(s, turns++);
    }
  }
  throw new Error("the game did not end within the time limit");
}
