/**
 * What the hand and pile views need from a card object, so any game's card art plugs in:
 * `CardSprite` (one texture per id: Devil's Scat or standard deck) and `DarkCardSprite`
 * (double-sided Dark deck) both implement it.
 */
import type Phaser from "phaser";

/** `legal`: ringed and clickable; `dim`: greyed (not playable now); `selected`: picked (e.g. a pass). */
export type CardMark = "none" | "legal" | "dim" | "selected";

export interface CardView extends Phaser.GameObjects.Container {
  /** The card id, or null for a face-down card. */
  readonly card: string | null;
  readonly cardWidth: number;
  setCard(card: string | null): this;
  setCardWidth(w: number): this;
  setMark(mark: CardMark): this;
  /** "Does not count": greyed and hatched, independent of the mark. */
  setDimmed(on: boolean): this;
  /** Makes the card clickable; `fn` runs on click. */
  onClick(fn: () => void): this;
}

/** Makes the card object for an id (null: face down). Hand and pile views take one. */
export type CardFactory = (scene: Phaser.Scene, card: string | null) => CardView;

/** Card faces as textures: the texture key for an id (null: the back), painting it on first use. */
export interface CardArt {
  texture(textures: Phaser.Textures.TextureManager, card: string | null): string;
}
