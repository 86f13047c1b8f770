/**
 * Card art per game: Skit Scat uses the standard deck; Dark Hand the double-sided Dark deck,
 * where the face of the chosen shade fills the card and the other face sits smaller in the inset.
 * The own hand and the discard pile follow one `ShadeSwitch` (the Light / Dark toggle).
 */
import type Phaser from "phaser";
import { CardSprite, spriteFactory } from "../../objects/card-sprite.ts";
import type { CardFactory, CardView } from "../../objects/card-view.ts";
import { DarkCardSprite, darkImageUrl, ShadeSwitch, type Shade } from "../../objects/dark-card.ts";
import { standardArt, standardImageUrl, standardTexture } from "../../objects/standard-art.ts";

/** A card of a laid-down meld, shown in the shade it was declared in (null: Skit Scat). */
export type MeldCardFactory = (scene: Phaser.Scene, card: string, shade: Shade | null) => CardView;

export interface DeckArt {
  readonly dark: boolean;
  /** Hand and discard pile (Dark: turned by `shades`). */
  readonly factory: CardFactory;
  /** Flying cards: the current shade up. */
  flyFactory(): CardFactory;
  readonly meld: MeldCardFactory;
  readonly shades: ShadeSwitch | null;
  back(textures: Phaser.Textures.TextureManager): string;
  /** For the HTML result panel. */
  imageUrl(card: string, shade: Shade | null): string;
}

export function deckArt(dark: boolean): DeckArt {
  const back = (t: Phaser.Textures.TextureManager): string => standardTexture(t, null);
  if (!dark) {
    const factory = spriteFactory(standardArt);
    return {
      dark,
      factory,
      shades: null,
      back,
      flyFactory: () => factory,
      meld: (scene, card) => new CardSprite(scene, card, standardArt),
      imageUrl: (card) => standardImageUrl(card),
    };
  }
  const shades = new ShadeSwitch("light");
  return {
    dark,
    shades,
    back,
    factory: shades.factory(),
    flyFactory: () => (scene, card) => new DarkCardSprite(scene, card, shades.shade),
    meld: (scene, card, shade) => new DarkCardSprite(scene, card, shade ?? "light"),
    imageUrl: (card, shade) => darkImageUrl(card, shade ?? "light"),
  };
}
