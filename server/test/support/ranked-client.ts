/** What the ranked tests do as a client: call the HTTP API and be seated by a ranked queue. */
import { Client, type Room } from "@colyseus/sdk";

/** GET (no body) or POST (JSON body) `/api<route>`; the parsed answer. */
export async function api(base: string, route: string, body?: unknown): Promise<any> {
  const res = await fetch(
    `${base}/api${route}`,
    body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
  );
  return res.json();
}

/** Joins a game's ranked queue with an account token; resolves with the table it seats the account at. */
export async function queued(base: string, token: string, game = "devils_scat"): Promise<Room> {
  const sdk = new Client(base);
  const queue = await sdk.joinOrCreate(`ranked_${game}`, { token });
  queue.onMessage("*", () => undefined);
  // A full group is offered first: accept it (docs/PROTOCOL.md, "Ranked queue").
  queue.onMessage("matchFound", () => queue.send("accept"));
  return new Promise<Room>((resolve, reject) => {
    queue.onMessage("seat", (reservation) => {
      queue.send("confirm");
      sdk.consumeSeatReservation(reservation).then(resolve, reject);
    });
  });
}
