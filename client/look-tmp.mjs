import { chromium } from "playwright-core";
const seats = process.argv[2] ?? "3";
const b0 = 0;
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
const p = await b.newPage({ viewport: { width: 1280, height: 720 } });
p.on("console", (m) => { if (!m.text().includes("GPU stall")) console.log("console:", m.type(), m.text().slice(0, 300)); });
p.on("pageerror", (e) => console.log("pageerror:", e.message.slice(0, 300)));
await p.goto("http://localhost:2599/");
await p.waitForSelector('[data-testid="lobby"]');
await p.fill('input[placeholder="Your name"]', "Ros");
await p.click('[data-testid="game-dark_hearts"]');
await p.selectOption('[data-testid="seats-select"]', seats);
await p.waitForTimeout(200);
await p.click('[data-testid="quick-play"]');
for (let i = 0; i < 3; i++) {
  await p.waitForTimeout(1500);
  const s = await p.evaluate(() => { const s = window.__scat?.state(); return s && { phase: s.phase, hand: (s.hand || []).length, legal: (s.legal || []).length, myInfo: s.myInfo }; });
  console.log(i, JSON.stringify(s).slice(0, 300));
  await p.screenshot({ path: `/tmp/dh-${seats}-${i}.png` });
}
await b.close();
