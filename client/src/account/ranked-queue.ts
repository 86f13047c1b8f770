/**
 * Ranked play from the browser: join a game's ranked queue as the signed-in account, show the
 * queue screen (rating, the range that widens with waiting, the time waited, how many are queued,
 * the estimated wait, the table sizes that form, why someone cannot be matched, cancel), take the
 * seat the queue reserves, and show each player's rating change when the game is rated.
 */
import { Client, type Room } from "@colyseus/sdk";
import type { GameId, QueueStatus, RankedFormat, RatingChange } from "@scat/shared";
import { serverEndpoint, type TableRoom } from "../net/endpoint.ts";
import { TableSession } from "../net/table-session.ts";
import { h, uiRoot } from "../ui/dom.ts";
import { clearNote, showNote } from "../ui/panel-slots.ts";
import { knownPlayerId, type Account } from "./api.ts";
import { playerId } from "../net/storage.ts";
import { clock, queueLines } from "./queue-text.ts";

const RANKED_ROOM_KEY = "scat.rankedRoom";
/** A ranked table that closed because another player did not sit down: the game to queue for again. */
const REQUEUE_KEY = "scat.requeue";

/** The lobby queues for `game` as it opens (the result panel's "Queue again" after a ranked game). */
export function requeueFor(game: string): void {
  try {
    sessionStorage.setItem(REQUEUE_KEY, game);
  } catch {
    /* the player presses Ranked again */
  }
}

/** The game to queue for again after another player's no-show or "Queue again" (read once). */
export function takeRequeue(): string | null {
  try {
    const game = sessionStorage.getItem(REQUEUE_KEY);
    sessionStorage.removeItem(REQUEUE_KEY);
    return game;
  } catch {
    return null;
  }
}

/**
 * Join options that take a ranked seat back after a reload (the reconnection token lapsed): the
 * account's id, for the ranked table this tab sat at (the session cookie proves it); nothing for
 * any other table.
 */
export function rankedRejoin(roomId: string): { playerId: string } | Record<string, never> {
  const playerId = knownPlayerId();
  let ranked: string | null = null;
  try {
    ranked = sessionStorage.getItem(RANKED_ROOM_KEY);
  } catch {
    /* no storage: no reclaim */
  }
  return playerId && ranked === roomId ? { playerId } : {};
}

let formats: Promise<Record<string, RankedFormat>> | null = null;

export function rankedFormats(): Promise<Record<string, RankedFormat>> {
  formats ??= fetch(`${serverEndpoint()}/api/ranked/formats`).then((r) => r.json() as Promise<Record<string, RankedFormat>>);
  return formats;
}

const formatWait = clock;

/** The queue screen; resolves with the ranked table's session, or null when cancelled. */
export async function playRanked(game: GameId, title: string, _account: Account): Promise<TableSession | null> {
  const format = (await rankedFormats())[game];
  if (!format) throw new Error(`${title} has no ranked format on this server`);
  const sdk = new Client(serverEndpoint());
  // The session cookie goes with the socket: the queue knows the account from it. The device id
  // keeps two accounts of one browser from being matched together (docs/API.md, "Who plays ranked").
  let queue: Room;
  try {
    // `shuffle`: our table client answers the deal's shuffle request (docs/FAIRNESS.md).
    queue = await sdk.joinOrCreate(`ranked_${game}`, { device: playerId(), shuffle: true });
  } catch (err) {
    throw new Error(queueRefusal(err), { cause: err });
  }
  const started = Date.now();
  const status = h("p", { class: "queue-status", testid: "queue-status" }, "Looking for opponents…");
  const range = h("p", { class: "queue-range", testid: "queue-range" }, "");
  const elapsed = h("p", { class: "queue-elapsed", testid: "queue-elapsed" }, "0:00");
  const count = h("p", { class: "queue-count", testid: "queue-count" }, "");
  const estimate = h("p", { class: "queue-estimate", testid: "queue-estimate" }, "");
  const sizes = h("p", { class: "queue-sizes", testid: "queue-sizes" }, "");
  const unmatched = h("p", { class: "queue-unmatched", testid: "queue-unmatched", role: "status", "aria-live": "polite" }, "");
  const cancel = h("button", { type: "button", testid: "queue-cancel" }, "Cancel");
  const accept = h("button", { type: "button", class: "primary", testid: "queue-accept", hidden: true }, "Accept");
  const decline = h("button", { type: "button", testid: "queue-decline", hidden: true }, "Decline");
  const note = h("p", { class: "queue-note", testid: "queue-note", role: "status", "aria-live": "polite" }, "");
  const el = h(
    "div",
    { class: "rules-overlay", testid: "ranked-queue" },
    h(
      "section",
      { class: "panel queue-panel", role: "dialog", "aria-label": `Ranked ${title}` },
      h("h2", {}, `Ranked ${title}`),
      h("p", { class: "sub" }, `${format.seats} players · ${format.turnSeconds} s turns`),
      status,
      count,
      estimate,
      range,
      elapsed,
      sizes,
      unmatched,
      note,
      h("div", { class: "queue-actions" }, accept, decline, cancel),
    ),
  );
  uiRoot().append(el);
  const tick = setInterval(() => {
    elapsed.textContent = formatWait(Date.now() - started);
  }, 500);
  const done = (): void => {
    clearInterval(tick);
    el.remove();
  };

  let offerTick: ReturnType<typeof setInterval> | null = null;
  const endOffer = (): void => {
    if (offerTick) clearInterval(offerTick);
    offerTick = null;
    accept.hidden = decline.hidden = true;
    cancel.hidden = false;
  };
  return new Promise<TableSession | null>((resolve, reject) => {
    let seated = false;
    let why: string | null = null;
    let tableSeats = format.seats;
    // A full group: accept within the time, or it counts as a no-show (the Fair play rules).
    queue.onMessage("matchFound", (m: { deadline: number; players: number }) => {
      tableSeats = m.players;
      const left = (): number => Math.max(0, Math.ceil((m.deadline - Date.now()) / 1000));
      status.textContent = `A match is ready (${m.players} players): accept within ${left()} s`;
      note.textContent = "Not accepting counts as a no-show.";
      accept.hidden = decline.hidden = false;
      cancel.hidden = true;
      accept.focus();
      offerTick = setInterval(() => {
        status.textContent = `A match is ready (${m.players} players): accept within ${left()} s`;
      }, 500);
    });
    queue.onMessage("matchCancelled", (m: { reason: string; requeued: boolean }) => {
      endOffer();
      note.textContent = m.reason;
      if (!m.requeued) why = m.reason;
    });
    accept.addEventListener("click", () => {
      queue.send("accept");
      accept.hidden = decline.hidden = true;
      status.textContent = "Accepted: waiting for the others…";
    });
    decline.addEventListener("click", () => {
      queue.send("decline");
    });
    queue.onMessage("queueStatus", (s: QueueStatus) => {
      status.textContent = `Your rating ${s.rating}`;
      const lines = queueLines(s, title);
      count.textContent = lines.count;
      estimate.textContent = lines.estimate;
      sizes.textContent = lines.sizes;
      unmatched.textContent = lines.unmatched;
      range.textContent = `Opponents ${s.low}–${s.high} (±${s.range})`;
      el.dataset["range"] = String(s.range);
    });
    queue.onMessage("clients", () => undefined);
    queue.onMessage("seat", (reservation: Parameters<Client["consumeSeatReservation"]>[0]) => {
      seated = true;
      endOffer();
      status.textContent = "Opponents found: taking your seat…";
      queue.send("confirm");
      sdk.consumeSeatReservation(reservation).then(
        (room) => {
          done();
          const options = { game, seats: tableSeats, bots: 0, turnSeconds: format.turnSeconds, variants: format.variants };
          const session = new TableSession(room as TableRoom, game, options, false);
          session.remember();
          try {
            sessionStorage.setItem(RANKED_ROOM_KEY, room.roomId);
          } catch {
            /* reclaim by reconnection token only */
          }
          resolve(session);
        },
        (err: unknown) => {
          done();
          reject(err);
        },
      );
    });
    queue.onLeave(() => {
      endOffer();
      if (seated) return;
      done();
      if (why) reject(new Error(why));
      else resolve(null);
    });
    cancel.addEventListener("click", () => {
      void queue.leave(true);
    });
  });
}

/** "+12 ▲" / "−8 ▼" once the server rates the game (ui/panel-slots.ts places it); removed with the session. */
export function showRatingChange(session: TableSession, accountId: string): void {
  session.room.onMessage("ratingChanged", (m: { changes?: RatingChange[]; cancelled?: boolean; requeue?: boolean; reason?: string }) => {
    // Someone else did not sit down: back to the queue (the lobby queues again, keeping the waiting time).
    if (m.requeue) {
      try {
        sessionStorage.setItem(REQUEUE_KEY, session.game);
      } catch {
        /* the player presses Ranked again */
      }
    }
    const mine = m.changes?.find((c) => c.playerId === accountId);
    const text = m.cancelled
      ? (m.reason ?? "Not rated")
      : mine
        ? `${mine.delta >= 0 ? "+" : "−"}${Math.abs(mine.delta)} ${mine.delta >= 0 ? "▲" : "▼"}`
        : null;
    if (text === null) return;
    const badge = h(
      "div",
      { class: `rating-change ${mine && mine.delta < 0 ? "down" : "up"}`, testid: "rating-change", "data-after": mine?.after ?? "" },
      text,
      mine ? h("span", { class: "rating-after" }, ` ${mine.after}${mine.provisional ? "?" : ""}`) : null,
    );
    showNote("rating", badge, document.body);
    session.link.on((s) => void (s === "left" && clearNote("rating", badge)));
  });
}

/** Removes a rating badge left from the last ranked game (back in the lobby). */
export function clearRatingChange(): void {
  clearNote("rating");
}

/** The queue's refusal in the words a player reads: the sentence after the code (docs/API.md lists the codes). */
export function queueRefusal(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const m = /^([a-z-]+): (.*)$/s.exec(text);
  if (!m) return text;
  const sentence = m[2]!;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
