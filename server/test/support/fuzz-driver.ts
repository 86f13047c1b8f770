/**
 * Drives hostile traffic at a server while honest tables play: seated players at tables of
 * their own, spectators at the honest tables, sockets that never acknowledge their join,
 * sockets with no reservation, and junk matchmaking requests. Attackers that get closed (a
 * random LEAVE frame, an oversized payload) are replaced, so the pressure holds to the end.
 */
import { createRng, type Rng } from "@scat/shared";
import { hostileFrame } from "./fuzz-frames.ts";
import { RawClient, matchmake } from "./raw-client.ts";

export type AttackerKind = "seated" | "spectator" | "unacknowledged" | "stray";

interface Attacker {
  kind: AttackerKind;
  client: RawClient | null;
}

export interface FuzzReport {
  readonly sent: number;
  readonly httpSent: number;
  readonly seconds: number;
  readonly reconnects: number;
}

async function open(url: string, kind: AttackerKind, watchRooms: readonly string[], rng: Rng): Promise<RawClient | null> {
  if (kind === "stray")
    return RawClient.open(`${url.replace(/^http/, "ws")}/nope/${watchRooms[0] ?? "ROOM"}?sessionId=fake`).catch(() => null);
  const res = await (
    kind === "seated"
      ? matchmake(url, "create", "devils_scat", { name: "Fuzz", seats: 2, bots: 1, turnSeconds: 10, reconnectSeconds: 5 })
      : matchmake(url, "joinById", watchRooms[Math.floor(rng.next() * watchRooms.length)]!, { name: "Peek", spectate: true })
  ).catch(() => ({ status: 0, json: null }));
  if (res.status !== 200) return null;
  return RawClient.join(url, res.json, kind !== "unacknowledged").catch(() => null);
}

const JUNK_BODIES = [
  "[]",
  "[[[[1]]]]",
  "null",
  "1",
  '"x"',
  "{",
  '{"seats":"many"}',
  '{"name":{"a":1}}',
  '{"variants":{"__proto__":{"x":1}}}',
  "{}",
];

async function junkHttp(url: string, rng: Rng): Promise<void> {
  const method = ["joinOrCreate", "create", "join", "joinById", "reconnect", "nope"][Math.floor(rng.next() * 6)]!;
  const room = ["devils_scat", "hit_the_deck", "NOPE", "..%2F..", "x".repeat(50)][Math.floor(rng.next() * 5)]!;
  await matchmake(url, method, room, JUNK_BODIES[Math.floor(rng.next() * JUNK_BODIES.length)]!, true).catch(() => undefined);
}

/** Sends `total` hostile frames (and junk matchmaking requests alongside, four at a time) as fast as the sockets drain. */
export async function fuzz(
  url: string,
  total: number,
  seed: string,
  watchRooms: readonly string[],
  mix: Record<AttackerKind, number>,
): Promise<FuzzReport> {
  const rng = createRng(`fuzz:${seed}`);
  const attackers: Attacker[] = Object.entries(mix).flatMap(([kind, n]) =>
    Array.from({ length: n }, () => ({ kind: kind as AttackerKind, client: null })),
  );
  const started = Date.now();
  let sent = 0;
  let httpSent = 0;
  let reconnects = 0;
  let round = 0;
  const http = new Set<Promise<void>>();
  while (sent < total) {
    round++;
    for (const a of attackers) {
      // Sockets with no reservation are closed at once by the server: reopen them only now and then.
      if (a.kind === "stray" && a.client && round % 20 !== 0) continue;
      if (!a.client?.open) {
        a.client?.close().catch(() => undefined);
        a.client = await open(url, a.kind, watchRooms, rng);
        reconnects++;
        if (!a.client) continue;
      }
      for (let i = 0; i < 40 && sent < total; i++, sent++) a.client.send(hostileFrame(rng));
    }
    if (http.size < 4) {
      const p: Promise<void> = junkHttp(url, rng).finally(() => http.delete(p));
      http.add(p);
      httpSent++;
    }
    // Let the sockets drain and the honest tables breathe.
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all([...http, ...attackers.map((a) => a.client?.close().catch(() => undefined))]);
  return { sent, httpSent, seconds: (Date.now() - started) / 1000, reconnects };
}
