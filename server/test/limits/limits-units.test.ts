/** The limits' parts on their own: address keys, the bounded GCRA table, the username lock, the password policy and the hasher's queue. */
import { describe, expect, it } from "vitest";
import { addressKey } from "../../src/limits/address-key.ts";
import { MemoryLimiter } from "../../src/limits/gcra.ts";
import { MemoryAccountLock, lockFor } from "../../src/limits/account-lock.ts";
import { passwordProblem } from "../../src/limits/password-policy.ts";
import { PasswordHasher, PasswordsBusy } from "../../src/limits/passwords.ts";

describe("addressKey", () => {
  it("keys IPv6 by its /64 and IPv4-mapped IPv6 as IPv4", () => {
    expect(addressKey("2001:db8:1:2::1")).toBe(addressKey("2001:0db8:0001:0002:ffff:eeee:dddd:cccc"));
    expect(addressKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:3::1")).not.toBe(addressKey("2001:db8:1:2::1"));
    expect(addressKey("::ffff:10.0.0.7")).toBe("10.0.0.7");
    expect(addressKey("10.0.0.7")).toBe("10.0.0.7");
    expect(addressKey("10.0.0.8")).not.toBe("10.0.0.7");
    expect(addressKey("[fe80::1%eth0]")).toBe("fe80:0:0:0::/64");
    expect(addressKey("unknown")).toBe("unknown");
  });
});

describe("MemoryLimiter", () => {
  it("lets a burst through, then the rate, and says when to come back", () => {
    const l = new MemoryLimiter("t", { perSecond: 2, burst: 3 }, 100);
    const t = 1_000_000;
    expect([1, 2, 3, 4].map(() => l.take("a", t).ok)).toEqual([true, true, true, false]);
    expect(l.take("a", t).retryAfterMs).toBe(500);
    expect(l.take("b", t).ok).toBe(true);
    expect(l.take("a", t + 499).ok).toBe(false);
    expect(l.take("a", t + 500).ok).toBe(true);
    expect(l.take("a", t + 500).ok).toBe(false);
  });

  it("never tracks more keys than its table holds", () => {
    const l = new MemoryLimiter("t", { perSecond: 1, burst: 1 }, 1000);
    for (let i = 0; i < 20_000; i++) l.take(`k${i}`, 5);
    expect(l.size).toBe(1000);
    // The most recent keys are still limited; the oldest were dropped.
    expect(l.take("k19999", 5).ok).toBe(false);
    expect(l.take("k0", 5).ok).toBe(true);
  });
});

describe("account lock", () => {
  const s = { after: 3, maxMs: 8_000, windowMs: 60_000 };
  it("grows 1, 2, 4, 8 s from the after-th attempt, capped", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => lockFor(n, s))).toEqual([0, 0, 1000, 2000, 4000, 8000, 8000]);
  });

  it("locks a username whatever the address, is reset by a success, and forgets after its window", async () => {
    let now = 0;
    const lock = new MemoryAccountLock(s, 100, () => now);
    expect([1, 2, 3].map(() => lock.attemptNow("Ada").ok)).toEqual([true, true, true]);
    expect(lock.attemptNow("ADA")).toEqual({ ok: false, retryAfterMs: 1000 });
    now = 1000;
    expect(lock.attemptNow("ada").ok).toBe(true);
    expect(lock.attemptNow("ada")).toEqual({ ok: false, retryAfterMs: 2000 });
    await lock.succeeded("ada");
    expect([1, 2, 3].map(() => lock.attemptNow("ada").ok)).toEqual([true, true, true]);
    now += 60_001;
    expect([1, 2, 3].map(() => lock.attemptNow("ada").ok)).toEqual([true, true, true]);
  });
});

describe("password policy", () => {
  const ctx = { username: "Ada_lovelace", displayName: "Countess Ada" };
  it.each([
    "password",
    "12345678",
    "aaaaaaaa",
    "qwertyuiop",
    "P@ssw0rd2024",
    "ada_lovelace99",
    "Ada Lovelace!",
    "countessada1",
    "scattables1",
    "Scat Tables 2024",
  ])("refuses %s with a reason", (pw) => {
    const why = passwordProblem(pw, ctx, 3);
    expect(why).toMatch(/\w+/);
  });
  it("refuses under 8 characters and accepts long uncommon ones of any characters", () => {
    expect(passwordProblem("Zq8#k2", ctx, 3)).toMatch(/8 characters/);
    expect(passwordProblem("plum kettle orbit", ctx, 3)).toBeNull();
    expect(passwordProblem("очень-длинный пароль", ctx, 3)).toBeNull();
    expect(passwordProblem("tr0ub4dor&3", ctx, 3)).toBeNull();
  });
});

describe("PasswordHasher", () => {
  it("runs one hash at a time, refuses past its queue, and checks unknown users against the dummy hash", async () => {
    const hasher = new PasswordHasher({ concurrency: 1, queue: 2, nice: 10 });
    try {
      await hasher.start();
      const stored = await hasher.hash("plum kettle orbit");
      expect(await hasher.verify(stored, "plum kettle orbit")).toBe(true);
      expect(await hasher.verify(stored, "wrong")).toBe(false);
      expect(await hasher.verify(null, "plum kettle orbit")).toBe(false);
      // One running, two waiting: the fourth at once is refused.
      const results = await Promise.allSettled([1, 2, 3, 4].map(() => hasher.verify(stored, "x")));
      expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "rejected"]);
      expect((results[3] as PromiseRejectedResult).reason).toBeInstanceOf(PasswordsBusy);
      expect(hasher.niced).toBe(true);
    } finally {
      await hasher.close();
    }
  });
});

describe("friend requests per sender", () => {
  it("a sender asking every 3 minutes gets at most 40 requests through in its first day and 20 a day after (the hourly and the daily limit, as the route takes them)", async () => {
    const { FRIEND_REQUEST_RATE, FRIEND_REQUEST_DAILY_RATE } = await import("../../src/limits/index.ts");
    expect(FRIEND_REQUEST_DAILY_RATE).toBeDefined();
    const hourly = new MemoryLimiter("friend-requests", FRIEND_REQUEST_RATE, 10);
    const daily = new MemoryLimiter("friend-requests-daily", FRIEND_REQUEST_DAILY_RATE, 10);
    const start = 1_000_000_000;
    const sent = [0, 0];
    for (let t = 0; t < 48 * 3_600_000; t += 180_000) {
      if (hourly.take("sender", start + t).ok && daily.take("sender", start + t).ok) sent[t < 24 * 3_600_000 ? 0 : 1]!++;
    }
    expect(sent[0]).toBeLessThanOrEqual(40);
    expect(sent[1]).toBeLessThanOrEqual(21);
    expect(sent[1]).toBeGreaterThanOrEqual(19);
  });
});
