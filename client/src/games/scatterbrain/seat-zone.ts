/**
 * An opponent's place: the seat badge (name, score, tags, face-down hand) and the strip of cards
 * in front of them. During the memorise phase the strip shows their dealt hand face up.
 */
import type Phaser from "phaser";
import type { SeatSnap, TableSnap } from "../../net/snapshot.ts";
import { SeatBadge } from "../../objects/seat-badge.ts";
import { standardTexture } from "../../objects/standard-art.ts";
import type { Target } from "../../test-hook.ts";
import { CardStrip, type StripGroup } from "./card-strip.ts";
import type { Point, Zone } from "./layout.ts";
import { badgeInfo, tableGroups } from "./view-model.ts";

export class SeatZone {
  private readonly badge: SeatBadge;
  private readonly strip: CardStrip;
  private zone: Zone | null = null;

  constructor(scene: Phaser.Scene) {
    this.badge = new SeatBadge(scene, (t) => standardTexture(t, null));
    this.strip = new CardStrip(scene);
  }

  render(snap: TableSnap, seat: SeatSnap, zone: Zone | undefined, badgeW: number, dealt: readonly string[] | null, now: number): void {
    this.zone = zone ?? null;
    if (!zone) {
      this.badge.setVisible(false);
      this.strip.setVisible(false);
      return;
    }
    this.badge.setVisible(true).setPosition(zone.badge.x, zone.badge.y).setDepth(20);
    this.badge.refresh(badgeInfo(snap, seat, now), badgeW);
    const groups: StripGroup[] = dealt ? [{ cards: dealt, caption: "DEALT FACE UP" }] : tableGroups(seat);
    const memorise = dealt !== null;
    const cardW = memorise ? zone.cardW * 1.15 : zone.cardW;
    this.strip.setDepth(memorise ? 30 : 15);
    this.strip.show(groups, zone.strip, zone.stripW, cardW, memorise ? 0 : zone.rowGap);
  }

  /** The seat's badge as the read-only target `seat:<index>` (objects/seat-badge.ts). */
  target(seat: number): Target | null {
    return this.zone ? this.badge.target(seat) : null;
  }

  /** Refreshes the badge only (away timers). */
  refreshBadge(snap: TableSnap, seat: SeatSnap, badgeW: number, now: number): void {
    if (this.zone) this.badge.refresh(badgeInfo(snap, seat, now), badgeW);
  }

  /** Where this seat's hand is (the badge). */
  get handPoint(): Point {
    return this.zone?.badge ?? { x: 0, y: 0 };
  }

  /** The first strip group: the hole card (or the called straight). */
  get holePoint(): Point {
    return this.strip.groupPoint(0) ?? this.handPoint;
  }

  /** Right after the strip's groups: where a new trophy lands. */
  get trophyPoint(): Point {
    const z = this.zone;
    return this.strip.groupPoint(1) ?? (z ? { x: z.strip.x + z.cardW * 2, y: z.strip.y } : this.handPoint);
  }

  get cardW(): number {
    return this.zone?.cardW ?? 40;
  }
}
