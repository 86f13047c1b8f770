/** Before the game starts: who sits where, the invite code of a private table, fill with bots. */
import type { TableSnap } from "../net/snapshot.ts";
import { domTarget, type Target } from "../test-hook.ts";
import { byTestId, h, uiRoot } from "./dom.ts";
import { toast } from "./toast.ts";

export interface WaitingActions {
  fillBots(): void;
  leave(): void;
}

export class WaitingPanel {
  private readonly el: HTMLElement;

  constructor(
    private readonly code: string,
    actions: WaitingActions,
  ) {
    this.el = h("div", { class: "panel waiting", testid: "waiting" },
      h("h2", { testid: "waiting-title" }, "Waiting for players"),
      h("div", { class: "invite", testid: "invite" },
        h("span", { class: "invite-label" }, "Invite code: friends join with it from the lobby"),
        h("div", { class: "invite-row" },
          h("span", { class: "invite-code", testid: "invite-code" }, code),
          h("button", { type: "button", testid: "copy-code" }, "Copy"))),
      h("ul", { class: "seat-list", testid: "seat-list" }),
      h("div", { class: "buttons" },
        h("button", { type: "button", class: "primary", testid: "fill-bots" }, "Fill with bots and start"),
        h("button", { type: "button", testid: "leave-table" }, "Leave")));
    byTestId(this.el, "fill-bots").addEventListener("click", () => actions.fillBots());
    byTestId(this.el, "leave-table").addEventListener("click", () => actions.leave());
    byTestId(this.el, "copy-code").addEventListener("click", () => void this.copy());
    uiRoot().append(this.el);
  }

  update(snap: TableSnap, mySeat: number | null): void {
    const taken = snap.seats.filter((s) => s.occupied).length;
    byTestId(this.el, "waiting-title").textContent = `Waiting for players (${taken}/${snap.seats.length})`;
    byTestId(this.el, "invite").hidden = !snap.isPrivate;
    byTestId(this.el, "seat-list").replaceChildren(...snap.seats.map((s) =>
      h("li", { class: s.occupied ? "taken" : "empty" },
        s.occupied ? `${s.name || `Seat ${s.index + 1}`}${s.index === mySeat ? " (you)" : ""}${s.isBot ? " · bot" : ""}` : "Empty seat")));
  }

  targets(): Target[] {
    return [domTarget("button:fill-bots", byTestId(this.el, "fill-bots"))].filter((t): t is Target => t !== null);
  }

  destroy(): void {
    this.el.remove();
  }

  private async copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(this.code);
      toast(`Copied ${this.code}`);
    } catch {
      toast(`Invite code: ${this.code}`);
    }
  }
}
