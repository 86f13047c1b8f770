/**
 * The own place by the hand: name, tokens (chips), the Joker one holds, what the hand forms now
 * (`you.info.makes`, from the server), the prompt, and the glow while one must act.
 */
import Phaser from "phaser";
import type { Json, TableSnap } from "../../net/snapshot.ts";
import { COLORS, MIN_TEXT, promptStyle, sharp, textStyle } from "../../objects/style.ts";
import { TokenRow } from "../../objects/token-row.ts";
import type { TableLayout } from "./layout.ts";
import { isActive, isDark, isShade, meldLabel, seatTags, tokenCount } from "./view-model.ts";

export class MyArea {
  private readonly text: Phaser.GameObjects.Text;
  private readonly chips: TokenRow;
  readonly prompt: Phaser.GameObjects.Text;
  private readonly glow: Phaser.GameObjects.Graphics;

  constructor(scene: Phaser.Scene) {
    this.glow = scene.add.graphics();
    this.text = sharp(scene.add.text(0, 0, "", textStyle(16, "#f4efe2", true)).setDepth(40));
    this.text.setShadow(0, 1, "#000000", 3, false, true);
    this.chips = new TokenRow(scene, undefined, 7).setDepth(40);
    this.prompt = promptStyle(
      sharp(
        scene.add
          .text(0, 0, "", textStyle(21, "#fff6d8", true))
          .setOrigin(0.5)
          .setDepth(40),
      ),
    );
    this.prompt.setShadow(0, 2, "#000000", 4, false, true);
  }

  render(snap: TableSnap, mySeat: number | null, L: TableLayout, prompt: string): void {
    const me = mySeat === null ? undefined : snap.seats[mySeat];
    const playing = snap.status !== "waiting";
    this.text.setVisible(playing);
    this.chips.setVisible(playing && me !== undefined);
    if (me) {
      const n = tokenCount(me);
      const tags = seatTags(snap, me, Date.now()).filter((t) => t !== "BOT");
      const makes = this.makesLine(me.mine?.info ?? {}, isDark(snap));
      const lines = [`You · ${n} token${n === 1 ? "" : "s"}`, tags.join(" · "), makes].filter((s) => s !== "");
      this.text.setText(L.portrait ? lines.join(" · ") : lines.join("\n"));
    } else this.text.setText("Spectating");
    this.text
      .setFontSize(L.portrait ? MIN_TEXT : 16)
      .setOrigin(L.portrait ? 0 : 0.5, 0.5)
      .setAlign(L.portrait ? "left" : "center");
    this.text.setWordWrapWidth(L.portrait ? L.shadeButton.x - L.shadeButton.w / 2 - L.me.x - 8 : 260, true);
    const chipY = L.me.y - this.text.height / 2 - 14;
    this.text.setPosition(L.me.x, L.portrait ? L.me.y - 4 : L.me.y);
    this.chips.setPosition(L.portrait ? L.me.x + 60 : L.me.x, chipY).show(me ? tokenCount(me) : 0, L.portrait ? 14 : 20);
    if (L.portrait) this.chips.setVisible(false);
    this.prompt
      .setText(prompt)
      .setFontSize(L.portrait ? 15 : 21)
      .setPosition(L.prompt.x, L.prompt.y);
    this.prompt.setOrigin(L.portrait ? 0 : 0.5, 0.5).setWordWrapWidth(L.promptW, true);
    this.paintGlow(snap, mySeat, L);
  }

  private makesLine(info: Json, dark: boolean): string {
    const makes = Array.isArray(info["makes"]) ? (info["makes"] as Json[]) : [];
    if (makes.length === 0) return "";
    const list = makes.map((m) => meldLabel(String(m["kind"]), dark && isShade(m["shade"]) ? m["shade"] : null));
    return `Hand forms: ${list.join(" / ")}`;
  }

  private paintGlow(snap: TableSnap, mySeat: number | null, L: TableLayout): void {
    const g = this.glow.clear();
    if (mySeat === null || !isActive(snap, mySeat)) return;
    const { cx, cy, cardW } = L.hand;
    const hh = cardW * 1.4;
    const w = Math.min(cardW * 4.8, L.hand.maxWidth + 24);
    const top = cy - hh / 2 - hh * 0.2;
    const bh = hh * 1.2 + 10;
    g.fillStyle(COLORS.turn, 0.14).fillRoundedRect(cx - w / 2, top, w, bh, 20);
    g.lineStyle(3, COLORS.turn, 0.9).strokeRoundedRect(cx - w / 2, top, w, bh, 20);
  }
}
