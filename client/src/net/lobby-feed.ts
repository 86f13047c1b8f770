/**
 * The live list of public tables (docs/PROTOCOL.md, "Lobby"): the `lobby` room sends `rooms`
 * (the whole list), then `+` [roomId, listing] and `-` roomId. Each listing's metadata says the
 * table's status, seats, players, bots, watchers and options; a `mode` ending in `#closed` has
 * no seat open (watch only). It also sends `counts` `{online, tables}` (players online, tables in
 * play) on joining and whenever they change (checked every 5 s).
 */
import type { Room } from "@colyseus/sdk";
import { joinLobbyRoom } from "./connection.ts";

export interface OpenTable {
  readonly roomId: string;
  readonly game: string;
  readonly status: "waiting" | "playing" | "ended";
  readonly seats: number;
  readonly players: number;
  readonly bots: number;
  readonly watching: number;
  readonly turnSeconds: number;
  readonly variants: Readonly<Record<string, unknown>>;
  /** A seat is open to join. */
  readonly open: boolean;
}

/** Players online (a page connected in the last minute) and tables in play, over every server. */
export interface LobbyCounts {
  readonly online: number;
  readonly tables: number;
}

type Listing = { roomId?: unknown; name?: unknown; metadata?: Record<string, unknown> | null };

const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);

export function toOpenTable(l: Listing): OpenTable | null {
  const m = l.metadata ?? {};
  if (typeof l.roomId !== "string" || typeof l.name !== "string") return null;
  const status = m["status"] === "playing" || m["status"] === "ended" ? m["status"] : "waiting";
  const seats = num(m["seats"]);
  const taken = num(m["players"]) + num(m["bots"]);
  const closed = typeof m["mode"] === "string" && m["mode"].endsWith("#closed");
  return {
    roomId: l.roomId,
    game: l.name,
    status,
    seats,
    players: num(m["players"]),
    bots: num(m["bots"]),
    watching: num(m["watching"]),
    turnSeconds: num(m["turnSeconds"]),
    variants: typeof m["variants"] === "object" && m["variants"] !== null ? (m["variants"] as Record<string, unknown>) : {},
    open: status === "waiting" && !closed && taken < seats,
  };
}

export class LobbyFeed {
  private room: Room | null = null;
  private readonly tables = new Map<string, OpenTable>();
  private stopped = false;

  constructor(
    private readonly onChange: (tables: readonly OpenTable[]) => void,
    private readonly onCounts: (counts: LobbyCounts) => void = () => undefined,
  ) {}

  async start(): Promise<void> {
    const room = await joinLobbyRoom();
    if (this.stopped) return void room.leave().catch(() => undefined);
    this.room = room;
    room.onMessage("rooms", (list: Listing[]) => {
      this.tables.clear();
      for (const l of Array.isArray(list) ? list : []) this.put(l);
      this.emit();
    });
    room.onMessage("+", (m: [string, Listing]) => {
      if (Array.isArray(m) && m[1]) this.put({ ...m[1], roomId: m[0] });
      this.emit();
    });
    room.onMessage("counts", (c: { online?: unknown; tables?: unknown }) => {
      this.onCounts({ online: num(c?.online), tables: num(c?.tables) });
    });
    room.onMessage("-", (roomId: string) => {
      this.tables.delete(roomId);
      this.emit();
    });
  }

  stop(): void {
    this.stopped = true;
    void this.room?.leave().catch(() => undefined);
    this.room = null;
  }

  private put(l: Listing): void {
    const t = toOpenTable(l);
    if (t) this.tables.set(t.roomId, t);
  }

  private emit(): void {
    const order = { waiting: 0, playing: 1, ended: 2 } as const;
    this.onChange([...this.tables.values()].filter((t) => t.status !== "ended").sort((a, b) => order[a.status] - order[b.status]));
  }
}
