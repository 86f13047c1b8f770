/**
 * Play again with the same people (server: server/src/rematch/). At
 * game over a seated player sees "Rematch": a new private table with the same game, size, bots,
 * turn time and variants is made, offered to the others through the finished table, and the
 * player goes there. The others see "<name> offers a rematch: Accept / Decline". The one who
 * offers chooses whether bots take the seats of those who decline or the table waits for them.
 * Shown in the game-over panel (ui/panel-slots.ts, slot "rematch").
 */
import { createPrivate, joinByCode } from "../net/connection.ts";
import type { TableSnap } from "../net/snapshot.ts";
import { sanitizeOptions, type TableOptions } from "../net/table-options.ts";
import type { TableSession } from "../net/table-session.ts";
import { h, uiRoot } from "../ui/dom.ts";
import { isolate } from "../ui/names.ts";
import { clearNote, showNote } from "../ui/panel-slots.ts";
import { toast } from "../ui/toast.ts";
import "./social.css";

export interface RematchWays {
  toTable(session: TableSession): void;
}

interface Offer {
  readonly code: string;
  readonly from: number;
  readonly fill: boolean;
}

/** The finished table's options, with as many bots as it had seats nobody held. */
export function rematchOptions(session: TableSession, snap: TableSnap): TableOptions {
  const o = (snap.options ?? {}) as { seats?: number; turnSeconds?: number; variants?: TableOptions["variants"] };
  const seats = snap.seats.length || session.options.seats;
  const people = snap.seats.filter((s) => s.occupied && (!s.isBot || s.botReason !== "filled")).length;
  return sanitizeOptions({
    game: session.game as TableOptions["game"],
    seats,
    bots: Math.max(0, seats - Math.max(1, people)),
    turnSeconds: o.turnSeconds ?? session.options.turnSeconds,
    variants: o.variants ?? session.options.variants,
  });
}

export class RematchOffer {
  private el: HTMLElement | null = null;
  private offer: Offer | null = null;
  private busy = false;
  private readonly offs: Array<() => void> = [];

  constructor(
    private readonly session: TableSession,
    private readonly ways: RematchWays,
  ) {
    const room = session.room;
    room.onMessage("rematch", (m: Offer) => {
      if (typeof m?.code !== "string" || typeof m.from !== "number") return;
      this.offer = { code: m.code, from: m.from, fill: m.fill === true };
      this.render(session.snap);
    });
    room.onMessage("social", (m: { kind?: unknown; name?: unknown }) => {
      if (m?.kind === "rematch-declined" && typeof m.name === "string") toast(`${isolate(m.name)} declined the rematch`);
    });
    this.offs.push(session.feed.subscribe((snap) => this.render(snap)));
  }

  private render(snap: TableSnap): void {
    if (snap.status !== "ended" || this.session.watching || this.session.mySeat === null || this.busy) return;
    const el = this.offer ? this.answerBox(snap, this.offer) : this.offerBox(snap);
    this.el = el;
    showNote("rematch", el, uiRoot());
  }

  private offerBox(snap: TableSnap): HTMLElement {
    if (this.el?.dataset["kind"] === "offer") return this.el;
    const fill = h("input", { type: "checkbox", testid: "rematch-fill", checked: true });
    const button = h("button", { type: "button", class: "primary", testid: "rematch" }, "Rematch");
    button.addEventListener("click", () => void this.start(rematchOptions(this.session, snap), fill.checked));
    const box = h(
      "div",
      { class: "rematch-box", testid: "rematch-box" },
      button,
      h("label", { class: "check" }, fill, h("span", {}, "Bots take the seats of players who decline")),
    );
    box.dataset["kind"] = "offer";
    return box;
  }

  private answerBox(snap: TableSnap, offer: Offer): HTMLElement {
    if (this.el?.dataset["kind"] === `answer:${offer.code}`) return this.el;
    const name = isolate(snap.seats[offer.from]?.name ?? "A player");
    const accept = h("button", { type: "button", class: "primary", testid: "rematch-accept" }, "Accept");
    const decline = h("button", { type: "button", testid: "rematch-decline" }, "Decline");
    const text = h("span", { testid: "rematch-offer" }, `${name} offers a rematch`);
    accept.addEventListener("click", () => void this.accept(offer));
    decline.addEventListener("click", () => {
      this.session.room.send("rematchAnswer", { accept: false });
      text.textContent = "You declined the rematch";
      accept.remove();
      decline.remove();
    });
    const box = h("div", { class: "rematch-box", testid: "rematch-box" }, text, accept, decline);
    box.dataset["kind"] = `answer:${offer.code}`;
    return box;
  }

  private async start(options: TableOptions, fill: boolean): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const next = await createPrivate(options);
      this.session.room.send("rematch", { code: next.roomId, fill });
      await this.session.leave();
      this.ways.toTable(next);
    } catch {
      this.busy = false;
      toast("Could not make the rematch table", "error");
    }
  }

  private async accept(offer: Offer): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    const options = rematchOptions(this.session, this.session.snap);
    try {
      await this.session.leave();
      this.ways.toTable(await joinByCode(offer.code, options));
    } catch {
      this.busy = false;
      toast("The rematch table is gone or full", "error");
    }
  }

  destroy(): void {
    for (const off of this.offs) off();
    if (this.el) clearNote("rematch", this.el);
  }
}

/** The table scene's call point: the offer for this session; returns its cleanup. */
export function rematchOffer(session: TableSession, toTable: (next: TableSession) => void): () => void {
  const offer = new RematchOffer(session, { toTable });
  return () => offer.destroy();
}
