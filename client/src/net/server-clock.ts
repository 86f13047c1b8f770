/**
 * Server time from the `time` request ({t} -> {t, now}): offset = now_server - (t0 + t1) / 2,
 * keeping the sample with the smallest round trip among recent ones (NTP-style).
 */
import type { Room } from "@colyseus/sdk";
import { CLIENT_MESSAGES } from "@scat/shared";

interface Sample {
  readonly offset: number;
  readonly rtt: number;
}

const KEEP = 8;
const BURST = 4;
const PERIOD_MS = 10_000;

export class ServerClock {
  private samples: Sample[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;
  /** Last measured round trip, ms (null until one answer came back). */
  ping: number | null = null;

  constructor(private readonly room: Room) {}

  start(): void {
    this.timer = setInterval(() => void this.sample(), PERIOD_MS);
    void this.burst();
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** Best estimate of server time minus local time, ms. */
  get offset(): number {
    if (this.samples.length === 0) return 0;
    return this.samples.reduce((best, s) => (s.rtt < best.rtt ? s : best)).offset;
  }

  /** Server ms now. */
  now(): number {
    return Date.now() + this.offset;
  }

  /** Ms left until a server-time deadline (0 when passed or none). */
  remaining(deadline: number): number {
    return deadline > 0 ? Math.max(0, deadline - this.now()) : 0;
  }

  private async burst(): Promise<void> {
    for (let i = 0; i < BURST && this.timer !== null; i++) await this.sample();
  }

  private async sample(): Promise<void> {
    const t0 = Date.now();
    try {
      const payload = { t: t0 };
      const reply = (await this.room.request(CLIENT_MESSAGES.time, payload, { timeout: 5000 })) as { t?: number; now?: number };
      const t1 = Date.now();
      if (typeof reply?.now !== "number") return;
      const rtt = t1 - t0;
      this.ping = rtt;
      this.samples = [...this.samples, { offset: reply.now - (t0 + t1) / 2, rtt }].slice(-KEEP);
    } catch {
      // No answer (server busy, reconnecting): keep the previous estimate.
    }
  }
}
