/**
 * The reflection a client receives once per join (docs/benchmarks/state.md, "Typed state"): per game,
 * the bytes of `Reflection.encode` for a table's state and the number of classes it describes.
 * Run: `npx tsx server/test/reflection-size.bench.ts`.
 */
import { Encoder, Reflection } from "@colyseus/schema";
import { GAME_IDS } from "@scat/shared";
import { frameFor } from "../src/table/projection.ts";

console.log("| game | classes | reflection bytes |");
console.log("| --- | --- | --- |");
for (const id of GAME_IDS) {
  const encoder = new Encoder(new (frameFor(id).TableState)());
  console.log(`| ${id} | ${encoder.context.schemas.size} | ${Reflection.encode(encoder).length} |`);
}
