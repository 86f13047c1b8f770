import { chromium } from "playwright-core";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
const p = await b.newPage({ viewport: { width: 1280, height: 720 } });
p.on("pageerror", (e) => console.log("pageerror:", e.message.slice(0, 300)));
await p.goto("http://localhost:2599/");
await p.waitForSelector('[data-testid="lobby"]');
await p.fill('input[placeholder="Your name"]', "Ros");
await p.click('[data-testid="game-dark_hearts"]');
await p.selectOption('[data-testid="seats-select"]', "3");
await p.click('[data-testid="quick-play"]');
await p.waitForFunction(() => (window.__scat?.state()?.hand || []).length === 17, null, { timeout: 20000 });
const hand = (await p.evaluate(() => window.__scat.state().hand)).slice(0, 3);
for (const c of hand) { const t = await p.evaluate((id) => window.__scat.target(id), `card:${c}`); await p.mouse.click(t.x, t.y); await p.waitForTimeout(200); }
console.log("picked", JSON.stringify(await p.evaluate(() => window.__scat.state().picked)), JSON.stringify(hand), JSON.stringify(await p.evaluate(() => window.__scat.state().legal)).slice(0, 300));
const bt = await p.evaluate(() => window.__scat.target("button:pass"));
console.log("pass button", JSON.stringify(bt));
await p.mouse.click(bt.x, bt.y);
for (let i = 0; i < 4; i++) {
  await p.waitForTimeout(1500);
  const s = await p.evaluate(() => { const s = window.__scat.state(); return { phase: s.phase, hand: (s.hand||[]).length, legal: (s.legal||[]).length, myInfo: s.myInfo, toasts: s.toasts }; });
  console.log(i, JSON.stringify(s).slice(0, 400));
}
await p.screenshot({ path: "/tmp/dh3-after.png" });
await b.close();
