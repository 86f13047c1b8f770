import { describe, expect, it } from "vitest";
import { unmatchedWhy } from "../../src/ranked/unmatched.ts";

describe("why a partner cannot be matched", () => {
  it("is nothing when nobody waiting is kept apart", () => {
    expect(unmatchedWhy([null, null])).toBeNull();
  });
  it("names the network and the device in plain words", () => {
    expect(unmatchedWhy(["same address", null])).toBe(
      "1 player waiting is on the same network as you (the same address, or the same IPv6 /64): ranked never matches accounts from one network, so you wait for someone else.",
    );
    expect(unmatchedWhy(["same address", "same address", "same device"])).toMatch(
      /^2 players waiting are on the same network.*; 1 player waiting plays from this browser or device/,
    );
  });
  it("never names a block", () => {
    const text = unmatchedWhy(["blocked"])!;
    expect(text).toBe("1 player waiting cannot be matched with you.");
    expect(text).not.toMatch(/block/i);
  });
});
