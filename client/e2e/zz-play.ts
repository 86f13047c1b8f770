// Ad-hoc play through `npm start` (not a test; deleted after use).
import { chooseTable, launchPlayer, openLobby, playToGameOver, quickPlay, screenshot } from "./lib/index.ts";
const url = process.env.URL ?? "http://localhost:2567";
const p = await launchPlayer();
await openLobby(p.page, url, "Tess");
await chooseTable(p.page, { game: "devils_scat", seats: 3, bots: 2, turnSeconds: 30 });
await screenshot(p.page, "zz-lobby");
const s0 = await quickPlay(p.page);
console.log("seated", s0.mySeat, s0.status);
await screenshot(p.page, "zz-table");
const end = await playToGameOver(p.page);
console.log("over", end.status, end.resultPanel);
await screenshot(p.page, "zz-over");
await p.close();
process.exit(0);
