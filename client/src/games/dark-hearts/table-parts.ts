/** Pieces of the table view that only read the snapshot: the trick shown, seat badges, timers. */
import type Phaser from "phaser";
import type { TableSnap } from "../../net/snapshot.ts";
import { SeatBadge } from "../../objects/seat-badge.ts";
import { standardTexture } from "../../objects/standard-art.ts";
import type { Target } from "../../test-hook.ts";
import type { Point, TableLayout } from "./layout.ts";
import { trickCaption } from "./trick-view.ts";
import { badgeInfo, seatName, SHADE_ICON, trickOf, type TrickShown } from "./view-model.ts";

export interface ShownTrick {
  readonly trick: TrickShown | null;
  readonly caption: string;
}

/** The trick in play; before the next lead, the one just finished (with who took it). */
export function shownTrick(snap: TableSnap, mySeat: number | null): ShownTrick {
  const name = (s: number): string => seatName(snap, s, mySeat);
  const live = trickOf(snap.info["trick"]);
  if (live && live.plays.length > 0)
    return { trick: live, caption: trickCaption(live, Number(snap.info["trickNumber"] ?? 0), name(live.leader)) };
  const last = trickOf(snap.info["lastTrick"]);
  if (!last || last.winner === null || (snap.phase !== "play" && snap.phase !== "roundOver")) return { trick: null, caption: "" };
  const took = name(last.winner);
  const pts = last.points > 0 ? ` (+${last.points} ${SHADE_ICON[last.shade]})` : " (no points)";
  return { trick: last, caption: `Trick ${last.number} · ${took} ${took === "You" ? "take" : "takes"} it${pts}` };
}

export function renderBadges(
  scene: Phaser.Scene,
  badges: Map<number, SeatBadge>,
  snap: TableSnap,
  mySeat: number | null,
  L: TableLayout,
  now: number,
): void {
  for (const seat of snap.seats) {
    const at = seat.index === mySeat ? undefined : L.seats.get(seat.index);
    let badge = badges.get(seat.index);
    if (!at) {
      badge?.setVisible(false);
      continue;
    }
    badge ??= new SeatBadge(scene, (t) => standardTexture(t, null));
    badges.set(seat.index, badge);
    badge.setVisible(true).setPosition(at.x, at.y).setDepth(20);
    badge.refresh(badgeInfo(snap, seat, now, L.portrait), L.badgeW);
  }
}

/** Where the turn ring goes: by the prompt for the own turn, on the badge for others. */
export function timerPoint(snap: TableSnap, mySeat: number | null, L: TableLayout, promptW: number): Point | null {
  const seat = snap.turn;
  if (seat < 0) return null;
  if (seat === mySeat)
    return L.portrait ? { x: 12 + L.timerR, y: L.prompt.y } : { x: L.prompt.x - promptW / 2 - L.timerR - 12, y: L.prompt.y };
  const p = L.seats.get(seat);
  return p ? { x: p.x + L.badgeW / 2 - 6, y: p.y - L.badgeW * 0.2 } : null;
}

/**
 * Hand targets at the part of each card one can see: in an overlapped hand a card's centre lies
 * under its right neighbour, so a tap there would hit the neighbour.
 */
export function visibleStrips(cards: readonly Target[]): Target[] {
  return cards.map((t, i) => {
    const next = cards[i + 1];
    const left = t.x - t.w / 2;
    const nextLeft = next ? next.x - next.w / 2 : t.x + t.w / 2;
    // The last card of a row: the next one starts the front row, further left (a phone's two rows, HandView).
    if (!next || nextLeft <= left || nextLeft - left >= t.w / 2) return t;
    return { ...t, x: (left + nextLeft) / 2, w: Math.max(1, nextLeft - left) };
  });
}
