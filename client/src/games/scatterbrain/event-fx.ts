/**
 * Animations for the server's `events`: the face-up deal, hole cards laid down, draws and
 * discards, calls, guesses (guess-fx.ts) and the deck running out. Purely visual; the state
 * patch is what the table renders.
 */
import { num, str, type Json } from "../../net/snapshot.ts";
import { flyCard } from "../../objects/card-fx.ts";
import { banner } from "../../objects/card-fx.ts";
import { spriteFactory } from "../../objects/card-sprite.ts";
import { standardArt } from "../../objects/standard-art.ts";
import { playGuess, type FxStage } from "./guess-fx.ts";
import type { Point } from "./layout.ts";
import { kindLabel } from "./view-model.ts";

export type { FxStage } from "./guess-fx.ts";

const factory = spriteFactory(standardArt);

function fly(stage: FxStage, from: Point, to: Point, card: string | null, delay = 0): void {
  flyCard(stage.scene, from, to, card, stage.cardW, { factory, delay, fromScale: 0.9, toScale: 0.7 });
}

function cardOf(e: Json): string | null {
  const c = e["card"];
  return typeof c === "string" && c !== "" ? c : null;
}

function dealt(stage: FxStage, e: Json): void {
  const hands = Array.isArray(e["hands"]) ? (e["hands"] as unknown[]) : [];
  hands.forEach((hand, seat) => {
    const cards = Array.isArray(hand) ? hand : [];
    cards.forEach((c, i) => fly(stage, stage.deckPoint, stage.handPoint(seat), typeof c === "string" ? c : null, 22 * (i * 4 + seat)));
  });
  banner(stage.scene, `Hand ${num(e["hand"], 1)}: memorise the deal!`, "#d8f5e0", stage.memoriseBannerAt);
}

function called(stage: FxStage, e: Json, who: string): void {
  const pts = num(e["points"], 0);
  banner(stage.scene, `${who}: SCATTERBRAIN! ${kindLabel(e["kind"])} +${pts}`, "#ffe27a");
}

/** Plays one event; unknown types are ignored. */
export function playEvent(stage: FxStage, e: Json): void {
  const seat = num(e["seat"], -1);
  const who = seat >= 0 ? stage.name(seat) : "";
  const you = seat === stage.mySeat;
  switch (str(e["type"])) {
    case "handDealt":
      return dealt(stage, e);
    case "mercyHand":
      return banner(stage.scene, "Mercy hand: a straight was dealt!", "#7cf5b0");
    case "cardsPickedUp":
      // Mid-table (empty until the first discard), short: the prompt over the hand says what to
      // do. A phone has no free middle (the piles fill it): the prompt and countdown say it all.
      return stage.scene.scale.height > stage.scene.scale.width * 1.1 ? undefined : banner(stage.scene, "Cards picked up!", "#d8f5e0", 0.5);
    case "holeChosen":
      return seat >= 0 ? fly(stage, stage.handPoint(seat), stage.holePoint(seat), null) : undefined;
    case "discardStarted":
      return fly(stage, stage.deckPoint, stage.discardLanding, cardOf(e));
    case "cardDrawn":
      return fly(stage, str(e["from"]) === "discard" ? stage.discardTop : stage.deckPoint, stage.handPoint(seat), cardOf(e));
    case "replacementDrawn":
      return fly(stage, stage.deckPoint, stage.handPoint(seat), cardOf(e), 1400);
    case "cardDiscarded":
      return fly(stage, stage.handPoint(seat), stage.discardLanding, cardOf(e));
    case "scatterbrainCalled":
      return called(stage, e, who);
    case "cardGuessed":
      return typeof e["guess"] === "object" && e["guess"] !== null ? playGuess(stage, e["guess"] as Json) : undefined;
    case "guessSkipped":
      return banner(stage.scene, you ? "You pass" : `${who} passes`, "#d8f5e0");
    case "deckExhausted":
      return banner(
        stage.scene,
        str(e["procedure"]) === "noCall" ? "Deck out! Guess to find a hole card" : "Deck out! Final guesses",
        "#ffe27a",
      );
    case "turnTimedOut":
      return banner(stage.scene, you ? "Out of time!" : `${who} ran out of time`, "#ffb3aa");
    default:
      return;
  }
}
