/**
 * "Your game in progress: Return": the lobby asks the server which table this
 * browser's player holds a seat at (`POST /api/social/my-seat`, presence: any process, and after
 * a restart while the seat is held), and Return takes the seat back by playerId, the same way a
 * reload does (net/connection.ts `resume`, which keeps trying while the table is moving).
 */
import { gameModule } from "../games/registry.ts";
import { resume, resumeFailure } from "../net/connection.ts";
import { serverEndpoint } from "../net/endpoint.ts";
import { playerId, saveSeat } from "../net/storage.ts";
import { sanitizeOptions, type TableOptions } from "../net/table-options.ts";
import type { TableSession } from "../net/table-session.ts";
import { h } from "../ui/dom.ts";
import "./social.css";
import { fetchTableInfo, optionsOf } from "./table-info.ts";

export interface HeldSeat {
  readonly roomId: string;
  readonly game: string;
  /** waiting, playing, or moving (being resumed on another process). */
  readonly status: string;
}

export async function fetchHeldSeat(): Promise<HeldSeat | null> {
  try {
    const res = await fetch(`${serverEndpoint()}/api/social/my-seat`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ playerId: playerId() }),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { seat?: HeldSeat | null };
    return body.seat && typeof body.seat.roomId === "string" ? body.seat : null;
  } catch {
    return null;
  }
}

export interface ReturnActions {
  /** Busy while the seat is taken back (the lobby's buttons off, a note). */
  busy(on: boolean, note?: string): void;
  seated(session: TableSession): void;
}

/** Takes the held seat back by playerId (no reconnection token in a fresh tab). */
export async function returnTo(seat: HeldSeat, progress: (note: string) => void): Promise<TableSession | null> {
  const info = await fetchTableInfo(seat.roomId);
  const options: TableOptions = info ? optionsOf(info) : sanitizeOptions({ game: seat.game as TableOptions["game"] });
  saveSeat({ token: "", roomId: seat.roomId, game: seat.game, options });
  // A table the server lists now (not moving) that is not found a moment later has closed: say so at once.
  return resume({ progress, notFoundFinal: seat.status !== "moving" });
}

/** Why Return found no seat, in words, shown in the banner itself (next to the button pressed). */
export function returnFailure(failure: { readonly gone: boolean; readonly ended: boolean } | null): string {
  if (failure?.ended || failure?.gone) return "That game has ended, so there is no seat to return to. Start or join another table.";
  return "Could not take your seat back: the table did not answer. Try Return again in a moment.";
}

/** The banner; null when this player holds no seat. */
export async function returnBanner(actions: ReturnActions): Promise<HTMLElement | null> {
  const seat = await fetchHeldSeat();
  if (!seat) return null;
  const title = gameModule(seat.game)?.title ?? seat.game;
  const button = h("button", { type: "button", class: "primary", testid: "return-to-game" }, "Return");
  const text = h("span", {}, `Your game in progress: ${title}${seat.status === "moving" ? " (being moved to another server)" : ""} `);
  const el = h("div", { class: "invite-note your-game", testid: "your-game", role: "status" }, text, button);
  const said = (message: string, again: boolean) => {
    text.textContent = `${message} `;
    el.setAttribute("data-outcome", again ? "retry" : "ended");
    if (!again) button.remove();
  };
  button.addEventListener("click", () => {
    actions.busy(true, `Returning to your ${title} table…`);
    void returnTo(seat, (note) => actions.busy(true, note)).then(
      (session) => {
        if (session) return actions.seated(session);
        actions.busy(false);
        const failure = resumeFailure;
        said(returnFailure(failure), !(failure?.ended || failure?.gone));
      },
      () => {
        actions.busy(false);
        said(returnFailure(null), true);
      },
    );
  });
  return el;
}
