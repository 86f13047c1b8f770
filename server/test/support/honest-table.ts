/**
 * Honest players through the real SDK: each picks a random legal action (seeded) whenever its
 * seat has a decision, until the game is over and the server has published the game log.
 */
import { Client, type Room } from "@colyseus/sdk";
import { SERVER_MESSAGES, createRng, quickPlayKey, type Rng } from "@scat/shared";
import { expandLegal, seatOf } from "../helpers.ts";
import { expandLegal as expandChoices, isOwnSeat, plainOf, readChoices } from "@scat/shared/wire-state.ts";

export interface HonestResult {
  readonly game: string;
  readonly roomId: string;
  readonly outcome: unknown;
  readonly gameLog: unknown;
  readonly rejections: unknown[];
}

/** Short games for tests: lower targets where a game has one. */
export const SHORT_VARIANTS: Record<string, Record<string, number | boolean>> = {
  dark_hearts: { target: 15 },
  scatterbrain: { memoriseMs: 2_000 },
  hit_the_deck: { target: 30 },
};

function playSeat(room: Room, rng: Rng): { done: Promise<HonestResult>; rejections: unknown[] } {
  const rejections: unknown[] = [];
  let gameLog: unknown = null;
  let acted = -1;
  room.onMessage(SERVER_MESSAGES.rejected, (r) => rejections.push(r));
  room.onMessage("*", () => {});
  const done = new Promise<HonestResult>((resolve) => {
    const finish = () => {
      const state = room.state as any;
      if (state.status === "ended" && gameLog !== null)
        resolve({ game: state.game, roomId: room.roomId, outcome: plainOf(state.outcome), gameLog, rejections });
    };
    room.onMessage(SERVER_MESSAGES.gameLog, (log: unknown) => {
      gameLog = log;
      finish();
    });
    room.onStateChange((state: any) => {
      finish();
      // The seat whose private part this client decodes (the `seated` message may precede our handlers).
      const seat = seatOf(room);
      if (seat === null || state.status !== "playing") return;
      if (!isOwnSeat(state.seats?.[seat]) || state.version === acted) return;
      const version = state.version;
      acted = version;
      // A short think time, like a person: the seat's own (view) patch may follow the shared one.
      setTimeout(
        () => {
          const now = room.state as any;
          if (now.version !== version || now.status !== "playing") return void (acted = -1);
          // No fake-outs: a slap with no race open draws 2, and random ones made Hit the Deck games
          // run past the test's 120 s (ci25: still playing at version 1,997 with target 30).
          const legal = expandLegal(expandChoices(readChoices(now.seats?.[seat]?.legal))).filter(
            (a: { type: string }) => a.type !== "slap" || now.phase === "race",
          );
          if (legal.length === 0) return void (acted = -1);
          const pick = legal.find((a: { type: string }) => a.type === "continue") ?? legal[Math.floor(rng.next() * legal.length)];
          room.send("action", pick);
        },
        5 + Math.floor(rng.next() * 25),
      );
    });
  });
  return { done, rejections };
}

/** A table of `humans` honest players (the other seats bots) that plays one game to the end. */
export async function honestTable(
  url: string,
  game: string,
  seats: number,
  humans: number,
  seed: string,
): Promise<{ roomId: string; done: Promise<HonestResult[]>; rooms: Room[] }> {
  const sdk = new Client(url);
  const base = { seats, bots: seats - humans, turnSeconds: 10, variants: SHORT_VARIANTS[game] ?? {} };
  const first = await sdk.create(game, { ...base, name: "H0", private: true });
  const rooms = [first];
  for (let i = 1; i < humans; i++) rooms.push(await sdk.joinById(first.roomId, { ...base, name: `H${i}`, mode: quickPlayKey(base) }));
  const plays = rooms.map((room, i) => playSeat(room, createRng(`${seed}:${game}:${i}`)).done);
  return { roomId: first.roomId, rooms, done: Promise.all(plays) };
}

/**
 * `done`, or after `ms` an error naming where each honest seat's table stands (game, status,
 * phase, version, whose turn): a table that stopped fails with its facts instead of hanging.
 */
export async function within<T>(done: Promise<T>, rooms: readonly Room[], ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const where = rooms.map((r) => {
        const s = r.state as any;
        return `${s?.game} ${r.roomId}: status ${s?.status} phase ${s?.phase} v${s?.version} turn ${s?.turn} awaiting [${s?.awaiting ? Array.from(s.awaiting).join(",") : ""}] open ${r.connection.isOpen}`;
      });
      reject(new Error(`honest tables not over after ${ms} ms:\n${where.join("\n")}`));
    }, ms);
  });
  try {
    return await Promise.race([done, late]);
  } finally {
    clearTimeout(timer);
  }
}
