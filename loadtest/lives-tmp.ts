import { startServerProcess } from "./src/server-process.ts";
const waves = Number(process.argv[2] ?? 10), par = Number(process.argv[3] ?? 3);
let deaths = 0, lives = 0;
for (let w = 0; w < waves; w++) {
  await Promise.all(Array.from({ length: par }, async (_, i) => {
    const s = await startServerProcess({ BOT_DELAY_MS: "150" });
    lives++;
    let ended: string | null = null;
    s.child.once("exit", (c, sig) => { ended = `${c} ${sig}`; });
    for (let k = 0; k < 10 && !ended; k++) {
      await fetch(`${s.url}/api/accounts/guest`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: `G${w}x${i}x${k}` }) }).catch(() => undefined);
      await fetch(`${s.url}/api/leaderboard/devils_scat`).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 3000));
    }
    if (ended) { deaths++; console.log(`wave ${w} server ${i} ENDED ${ended}\n${s.output().slice(-3000)}`); }
    await s.stop();
  }));
  console.log(`wave ${w} done lives=${lives} deaths=${deaths}`);
}
