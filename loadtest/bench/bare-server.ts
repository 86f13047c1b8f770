/**
 * The baseline of the state benchmark (docs/BENCHMARKS.md, "Typed state"): a bare Colyseus 0.18
 * room playing the same turn-based exchange as a 4-seat Devil's Scat table, written the way the
 * Colyseus docs show, with its defaults (50 ms patch interval). Each seat holds three cards
 * (private, through a StateView); on its turn a seat draws from the deck, then discards; every
 * step broadcasts an event (a drawn card only to its drawer) and updates the public state.
 *
 * Run: `node --import tsx loadtest/bench/bare-server.ts` with PORT (and HOST).
 */
import { Room, Server, type Client } from "@colyseus/core";
import { schema, StateView, t, type SchemaType } from "@colyseus/schema";
import { WebSocketTransport } from "@colyseus/ws-transport";

const BareMine = schema({ hand: t.array("string") }, "BareMine");
const BareSeat = schema({ index: t.uint8().default(0), handCount: t.uint8().default(0), score: t.int16().default(0), mine: t.ref(BareMine).view() }, "BareSeat");
const BareState = schema(
  { turn: t.int8().default(-1), step: t.string().default("draw"), top: t.string().default(""), deckCount: t.uint8().default(0), seats: t.array(BareSeat) },
  "BareState",
);
type BareState = SchemaType<typeof BareState>;

const SUITS = ["H", "S", "D", "C"];
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const SEATS = 4;

class BareTable extends Room<{ state: BareState }> {
  override maxClients = SEATS;
  override state = new BareState();
  private deck: string[] = [];
  private readonly bySession = new Map<string, number>();

  override onCreate(): void {
    this.deck = SUITS.flatMap((s) => RANKS.map((r) => r + s)).sort(() => Math.random() - 0.5);
    for (let i = 0; i < SEATS; i++) {
      const seat = new BareSeat({ index: i });
      seat.mine = new BareMine();
      seat.mine.hand.push(...this.deck.splice(0, 3));
      seat.handCount = 3;
      this.state.seats.push(seat);
    }
    this.state.top = this.deck.pop()!;
    this.state.deckCount = this.deck.length;
    this.onMessage("action", (client) => this.act(client));
    this.onMessage("pong", () => undefined);
  }

  override onJoin(client: Client): void {
    const index = this.bySession.size;
    this.bySession.set(client.sessionId, index);
    client.view = new StateView();
    client.view.add(this.state.seats[index]!);
    client.send("seated", { seat: index });
    if (this.bySession.size === SEATS) this.state.turn = 0;
  }

  private act(client: Client): void {
    const seat = this.bySession.get(client.sessionId);
    const state = this.state;
    if (seat === undefined || seat !== state.turn) return;
    const hand = state.seats[seat]!.mine.hand;
    if (state.step === "draw") {
      if (this.deck.length === 0) this.deck = SUITS.flatMap((s) => RANKS.map((r) => r + s)).sort(() => Math.random() - 0.5);
      const card = this.deck.pop()!;
      hand.push(card);
      state.deckCount = this.deck.length;
      state.step = "discard";
      for (const c of this.clients) c.send("events", { events: [{ type: "cardDrawn", seat, from: "deck", card: c.sessionId === client.sessionId ? card : null }] });
    } else {
      const card = hand.shift()!;
      state.top = card;
      state.step = "draw";
      state.turn = (seat + 1) % SEATS;
      this.broadcast("events", { events: [{ type: "cardDiscarded", seat, card }, { type: "turnStarted", seat: state.turn }] });
    }
    state.seats[seat]!.handCount = hand.length;
  }
}

const port = Number(process.env.PORT ?? 2600);
const server = new Server({ transport: new WebSocketTransport() });
server.define("bare", BareTable);
await server.listen(port, process.env.HOST ?? "127.0.0.1");
