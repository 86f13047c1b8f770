/**
 * A `CanvasButton` whose text can change (declare labels, the shade toggle). The shared button
 * has no setter, so this finds its text child; written here rather than editing `objects/`.
 */
import Phaser from "phaser";
import { CanvasButton } from "../../objects/button.ts";

export class LabelButton extends CanvasButton {
  setLabel(text: string): this {
    const label = this.list.find((o): o is Phaser.GameObjects.Text => o instanceof Phaser.GameObjects.Text);
    if (label && label.text !== text) label.setText(text);
    return this;
  }
}
