/**
 * The baseline of the state benchmark (docs/benchmarks/state.md, "Typed state"): a bare Colyseus 0.18
 * room playing the same 4-seat Devil's Scat exchange with the same engine and the same `events`
 * messages as our server, but a hand-written minimal schema as the Colyseus docs show it (public
 * counts and top card, the own hand through a StateView) and Colyseus' defaults: the 50 ms patch
 * interval, no ping, no projection of the engine's view, no legal actions in the state (its bench
 * client draws from the deck, discards its first card and continues after a round).
 *
 * Run: `node --import tsx loadtest/bench/bare-server.ts` with PORT (and HOST).
 */
import { Room, Server, type Client } from "@colyseus/core";
import { Encoder, schema, StateView, t, type SchemaType } from "@colyseus/schema";
import { WebSocketTransport } from "@colyseus/ws-transport";
import { RecordedMatch } from "@scat/shared";
import { devilsScat } from "@scat/shared/games/devils-scat/index.ts";

// The heap benchmark may give the bare room our encoder buffer size (server/src/table/state/encode-buffers.ts).
if (process.env.ENCODE_BUFFER_KB) Encoder.BUFFER_SIZE = Number(process.env.ENCODE_BUFFER_KB) * 1024;

const BareMine = schema({ hand: t.array("string") }, "BareMine");
const BareSeat = schema({ handCount: t.uint8().default(0), score: t.int16().default(0), mine: t.ref(BareMine).view() }, "BareSeat");
const BareState = schema(
  {
    phase: t.string().default(""),
    version: t.uint32().default(0),
    turn: t.int8().default(-1),
    top: t.string().default(""),
    discardCount: t.uint8().default(0),
    deckCount: t.uint8().default(0),
    seats: t.array(BareSeat),
  },
  "BareState",
);
type BareState = SchemaType<typeof BareState>;

const SEATS = 4;

class BareTable extends Room<{ state: BareState }> {
  override maxClients = SEATS;
  override state = new BareState();
  private match: RecordedMatch | null = null;
  private readonly bySession = new Map<string, number>();

  override onCreate(): void {
    for (let i = 0; i < SEATS; i++) {
      const seat = new BareSeat();
      seat.mine = new BareMine();
      this.state.seats.push(seat);
    }
    this.onMessage("action", (client, action: unknown) => this.act(client, action));
  }

  override onJoin(client: Client): void {
    const index = this.bySession.size;
    this.bySession.set(client.sessionId, index);
    client.view = new StateView();
    client.view.add(this.state.seats[index]!);
    client.send("seated", { seat: index });
    if (this.bySession.size === SEATS) {
      const options = devilsScat.optionsSchema.parse({ seats: SEATS, turnMs: 120_000 });
      this.match = new RecordedMatch(devilsScat as never, options, Date.now(), "bare-seed");
      this.step(this.match.setupEvents);
    }
  }

  private act(client: Client, action: unknown): void {
    const seat = this.bySession.get(client.sessionId);
    const parsed = devilsScat.actionSchema.safeParse(action);
    if (!this.match || seat === undefined || !parsed.success) return;
    const res = this.match.act(seat, parsed.data, Date.now());
    if (!res.ok) return void client.send("rejected", { code: res.error.code });
    this.step(res.value);
  }

  private step(events: readonly { type: string }[]): void {
    const s = this.match!.state as unknown as {
      phase: string;
      version: number;
      turn: number;
      hands: string[][];
      discard: string[];
      deck: string[];
      scores: number[];
    };
    const state = this.state;
    state.phase = s.phase;
    state.version = s.version;
    state.turn = s.turn;
    state.top = s.discard.at(-1) ?? "";
    state.discardCount = s.discard.length;
    state.deckCount = s.deck.length;
    s.hands.forEach((hand, i) => {
      const seat = state.seats[i]!;
      seat.handCount = hand.length;
      seat.score = s.scores[i] ?? 0;
      const mine = seat.mine.hand;
      mine.splice(0, mine.length);
      mine.push(...hand);
    });
    for (const client of this.clients) {
      const seat = this.bySession.get(client.sessionId) ?? null;
      const visible = events.map((e) => devilsScat.redactEvent(e as never, seat));
      client.send("events", { version: s.version, events: visible });
    }
  }
}

const port = Number(process.env.PORT ?? 2600);
const server = new Server({ transport: new WebSocketTransport() });
server.define("bare", BareTable);
await server.listen(port, process.env.HOST ?? "127.0.0.1");
