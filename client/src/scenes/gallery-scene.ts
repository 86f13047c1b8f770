/**
 * `?gallery`: every shared building block on one screen, for eyeballing art and for screenshots.
 * The standard deck (light faces, and a row in the Dark shade), Dark cards in both shades with
 * legal / selected / dimmed states, token rows, a phase countdown and seat badges. Click a Dark
 * card to flip it; "Flip hand" turns the whole Dark row (target `button:flip-all`).
 */
import Phaser from "phaser";
import { darkDeck, standardDeck, STANDARD_RANKS } from "@scat/shared";
import { CARD_RATIO } from "../objects/card-art.ts";
import { CanvasButton } from "../objects/button.ts";
import { CardSprite, spriteFactory } from "../objects/card-sprite.ts";
import { Countdown } from "../objects/countdown.ts";
import { DarkCardSprite, ShadeSwitch } from "../objects/dark-card.ts";
import { addFelt, drawFelt } from "../objects/felt.ts";
import { HandView } from "../objects/hand-view.ts";
import { PileView } from "../objects/pile-view.ts";
import { SeatBadge } from "../objects/seat-badge.ts";
import { standardArt, standardTexture } from "../objects/standard-art.ts";
import { canvasTarget, COLORS, sharp, textStyle } from "../objects/style.ts";
import { TOKEN_STYLES, TokenRow } from "../objects/token-row.ts";
import { addTargets, setStateProvider, type Target } from "../test-hook.ts";
import { SCENES } from "./flow.ts";

const DARK_HAND = darkDeck()
  .slice(0, 40)
  .filter((_, i) => i % 5 === 0);

export class GalleryScene extends Phaser.Scene {
  private felt!: Phaser.GameObjects.Image;
  private standard: CardSprite[] = [];
  private darkStandard: CardSprite[] = [];
  private loose: DarkCardSprite[] = [];
  private readonly shades = new ShadeSwitch("light");
  private hand!: HandView;
  private deck!: PileView;
  private discard!: PileView;
  private flipAll!: CanvasButton;
  private badges: SeatBadge[] = [];
  private tokens: TokenRow[] = [];
  private countdown!: Countdown;
  private labels: Phaser.GameObjects.Text[] = [];
  private started = 0;

  constructor() {
    super(SCENES.gallery);
  }

  create(): void {
    this.felt = addFelt(this);
    this.started = this.time.now;
    this.standard = standardDeck().map((c) => new CardSprite(this, c, standardArt));
    this.darkStandard = STANDARD_RANKS.map((r, i) => new DarkCardSprite(this, `${r}${"CDHS"[i % 4]}/${r}${"CDHS"[i % 4]}`, "dark"));
    this.hand = new HandView(this, (card) => this.flipOne(card), this.shades.factory());
    this.loose = [0, 1, 2].map((i) => new DarkCardSprite(this, DARK_HAND[i] ?? null, i === 1 ? "dark" : "light"));
    this.deck = new PileView(this, "deck", () => undefined, { factory: spriteFactory(standardArt) });
    this.discard = new PileView(this, "discard", () => undefined, { factory: this.shades.factory(), label: "Discard" });
    this.flipAll = new CanvasButton(this, "Flip hand", COLORS.gold, () => this.shades.toggle());
    this.badges = [0, 1, 2].map(() => new SeatBadge(this, (t) => standardTexture(t, null)));
    this.tokens = [TOKEN_STYLES.token, TOKEN_STYLES.life, TOKEN_STYLES.lost].map((s) => new TokenRow(this, s));
    this.countdown = new Countdown(this);
    this.labels = ["Standard deck", "Dark shade", "Dark deck: hand (click a card to flip it)", "States: legal · selected · dimmed"].map(
      (t) => sharp(this.add.text(0, 0, t, textStyle(16, "#f6ecd0", true))),
    );
    setStateProvider(() => ({ scene: "gallery", shade: this.shades.shade }));
    const off = addTargets(() => this.targets());
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, off);
    this.scale.on("resize", this.layout, this);
    this.layout();
  }

  override update(time: number): void {
    const total = 20_000;
    const left = total - ((time - this.started) % total);
    this.countdown.show(left, total, "Memorise");
  }

  private flipOne(card: string): void {
    const view = this.hand.views().find((v) => v.card === card);
    if (view instanceof DarkCardSprite) view.flip();
  }

  private layout(): void {
    const { width: W, height: H } = this.scale;
    drawFelt(this.felt, W, H);
    const pad = 16;
    const cw = Math.min(86, (W - pad * 2) / 13.6);
    const ch = cw * CARD_RATIO;
    const step = (W - pad * 2 - cw) / 12;
    let y = pad + 22;
    this.labels[0]?.setPosition(pad, pad - 4);
    this.standard.forEach((s, i) =>
      s.setCardWidth(cw).setPosition(pad + cw / 2 + (i % 13) * step, y + ch / 2 + Math.floor(i / 13) * ch * 0.42),
    );
    y += ch * (1 + 3 * 0.42) + 26;
    this.labels[1]?.setPosition(pad, y - 22);
    this.darkStandard.forEach((s, i) => s.setCardWidth(cw).setPosition(pad + cw / 2 + i * step, y + ch / 2));
    y += ch + 30;
    const bigW = Math.min(110, (W - pad * 2) / 9.5);
    const bigH = bigW * CARD_RATIO;
    this.labels[2]?.setPosition(pad, y - 22);
    this.hand.update(DARK_HAND, new Set(), { cx: W / 2, cy: y + bigH / 2 + 4, cardW: bigW, maxWidth: Math.min(W - pad * 2, bigW * 8.8) });
    y += bigH + 40;
    const smallW = bigW * 0.7;
    const smallH = smallW * CARD_RATIO;
    this.flipAll.place(pad + 75, y + smallH / 2, 150, 48);
    this.deck.setPosition(pad + 150 + smallW, y + smallH / 2).show(30, [], true, smallW);
    this.discard.setPosition(pad + 150 + smallW * 2.3, y + smallH / 2).show(3, DARK_HAND.slice(5, 7), false, smallW);
    const sx = pad + 150 + smallW * 4;
    this.labels[3]?.setPosition(sx - smallW / 2, y - 26);
    this.loose.forEach((s, i) => s.setCardWidth(smallW).setPosition(sx + i * smallW * 1.25, y + smallH / 2));
    this.loose[0]?.setMark("legal");
    this.loose[1]?.setMark("selected");
    this.loose[2]?.setDimmed(true);
    y += smallH + 110;
    this.layoutExtras(y, W, pad);
  }

  private layoutExtras(y: number, W: number, pad: number): void {
    const bw = 190;
    const infos = [
      { name: "Ann", lines: ["Tokens 5"], tokens: { count: 5 }, handCount: 3, active: true, tags: ["DEALER"] },
      {
        name: "Bot Bea",
        lines: ["☀ Light 14", "☾ Dark 3"],
        handCount: 13,
        active: false,
        tags: ["BOT", "☀ LIGHT HAND", "⚑ FINAL TURN", "AWAY 12s"],
      },
      { name: "Cy", lines: ["Lives"], tokens: { count: 2, style: TOKEN_STYLES.life }, handCount: 0, active: false, tags: ["AWAY 42s"] },
    ];
    this.badges.forEach((b, i) => {
      const info = infos[i];
      if (!info) return;
      b.setPosition(pad + bw / 2 + 10 + i * (bw + 24), y + 20);
      b.refresh({ occupied: true, dim: false, ...info }, bw);
    });
    const tx = pad + 3 * (bw + 24) + 60;
    this.tokens.forEach((t, i) => t.setPosition(Math.min(tx, W - 120), y + i * 30).show([4, 3, 12][i] ?? 0, 22));
    this.countdown.setRadius(20).setPosition(Math.min(tx + 160, W - 180), y + 20);
  }

  private targets(): Target[] {
    const out: Array<Target | null> = [...this.hand.targets(), canvasTarget("button:flip-all", this.flipAll, true)];
    return out.filter((t): t is Target => t !== null);
  }
}
