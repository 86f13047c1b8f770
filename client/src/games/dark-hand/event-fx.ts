/**
 * Animations and announcements for the server's `events` messages, which arrive at once: cards
 * flying, calls ("Bob: Dark Hand!" banner, a toast and the Joker pulsing for everyone the
 * moment the server applied it), Skits and Scats, the final round. The state patch renders.
 */
import type Phaser from "phaser";
import { num, str, type Json } from "../../net/snapshot.ts";
import { banner, flyCard } from "../../objects/card-fx.ts";
import type { CardFactory } from "../../objects/card-view.ts";
import type { Shade } from "../../objects/dark-card.ts";
import { toast } from "../../ui/toast.ts";
import type { Point } from "./layout.ts";
import { callRaceText } from "./call-clock.ts";
import { isShade, meldLabel, SHADE_NAME } from "./view-model.ts";

export interface FxStage {
  readonly scene: Phaser.Scene;
  seatPoint(seat: number): Point;
  pilePoint(pile: string): Point;
  readonly pileWidth: number;
  name(seat: number): string;
  readonly mySeat: number | null;
  readonly factory: CardFactory;
  jokerClaimed(shade: Shade): void;
  /** Remembers the last announcement (shown in the test hook). */
  announce(text: string): void;
}

let bannerFreeAt = 0;

/** Banners one after the other (a Skit and "Final round!" arrive in one batch). */
function announceBanner(stage: FxStage, text: string, color: string): void {
  const now = Date.now();
  const delay = Math.max(0, bannerFreeAt - now);
  bannerFreeAt = now + delay + 1300;
  if (delay === 0) banner(stage.scene, text, color);
  else stage.scene.time.delayedCall(delay, () => banner(stage.scene, text, color));
}

function scaleAt(stage: FxStage, seat: number): number {
  return seat === stage.mySeat ? 0.95 : 0.4;
}

function fly(
  stage: FxStage,
  from: Point,
  to: Point,
  card: string | null,
  o: { delay?: number; fromScale?: number; toScale?: number } = {},
): void {
  flyCard(stage.scene, from, to, card, stage.pileWidth, { ...o, factory: stage.factory });
}

function called(stage: FxStage, seat: number, shade: Shade): void {
  const who = stage.name(seat);
  const text = `${who} ${who === "You" ? "call" : "calls"} "${SHADE_NAME[shade]} Hand!"`;
  stage.announce(text);
  announceBanner(stage, `${who}: ${SHADE_NAME[shade]} Hand!`, shade === "dark" ? "#c9d4ff" : "#fff1a8");
  toast(`${text}: ${who === "You" ? "your" : "a"} token sits on the ${SHADE_NAME[shade]} Joker`);
  stage.jokerClaimed(shade);
}

function declared(stage: FxStage, e: Json, seat: number): void {
  const kind = str(e["kind"]);
  const shade = isShade(e["shade"]) ? e["shade"] : null;
  const who = stage.name(seat);
  const what = meldLabel(kind, shade).toUpperCase();
  const text = `${who}: ${what}!${e["forfeit"] === true ? " (Forfeit Play)" : ""}`;
  stage.announce(text);
  announceBanner(stage, text, kind === "scat" ? "#ff9a7a" : "#ffe27a");
}

/** Plays one event; unknown types are ignored. */
export function playEvent(stage: FxStage, e: Json): void {
  const seat = num(e["seat"], -1);
  const who = seat >= 0 ? stage.name(seat) : "";
  const card = typeof e["card"] === "string" ? e["card"] : null;
  switch (str(e["type"])) {
    case "callRace": {
      // A judged call race (not an engine step): every caller's reaction time, fastest first.
      const { line, compensated } = callRaceText(e, (s) => stage.name(s));
      stage.announce(line);
      toast(line);
      if (compensated) {
        stage.announce(compensated);
        toast(compensated);
      }
      return;
    }
    case "cardsDealt":
      for (let c = 0; c < num(e["count"], 3); c++)
        fly(stage, stage.pilePoint("deck"), stage.seatPoint(seat), null, { delay: 90 * (c * 3 + seat), toScale: scaleAt(stage, seat) });
      return;
    case "cardDrawn":
      fly(stage, stage.pilePoint(str(e["from"]) || "deck"), stage.seatPoint(seat), card, { toScale: scaleAt(stage, seat) });
      return;
    case "cardDiscarded":
      fly(stage, stage.seatPoint(seat), stage.pilePoint("discard"), card, { fromScale: scaleAt(stage, seat), toScale: 1 });
      return;
    case "handCalled":
      if (isShade(e["shade"])) called(stage, seat, e["shade"]);
      return;
    case "declared":
      declared(stage, e, seat);
      return;
    case "finalRoundStarted":
      stage.announce(`Final round: everyone else gets one last turn`);
      announceBanner(stage, "Final round!", "#ffd54a");
      return;
    case "handDealt":
      if (num(e["round"], 0) > 1) banner(stage.scene, `Hand ${num(e["round"], 0)}`, "#d8f5e0");
      return;
    case "deckReshuffled":
      banner(stage.scene, "Deck reshuffled", "#d8f5e0");
      return;
    case "turnTimedOut":
      banner(stage.scene, seat === stage.mySeat ? "Out of time!" : `${who} ran out of time`, "#ffb3aa");
      return;
    case "playerOut":
      toast(`${who} ${who === "You" ? "are" : "is"} out of tokens`);
      return;
    default:
      return;
  }
}
