/**
 * Why a waiting ranked player is not matched with others in the queue, in plain words
 * (docs/API.md, "Ranked queue"). Given the reason each other waiting player is kept apart (from
 * the pairing rules, conduct/pairing.ts, or the rating range), one sentence, or null when nobody
 * waiting is kept apart. A block is never named: the sentence only says someone cannot be matched.
 */
function players(n: number): string {
  return n === 1 ? "1 player" : `${n} players`;
}

export function unmatchedWhy(reasons: readonly (string | null)[]): string | null {
  const count = (r: string) => reasons.filter((x) => x === r).length;
  const parts: string[] = [];
  const net = count("same address");
  if (net > 0)
    parts.push(
      `${players(net)} waiting ${net === 1 ? "is" : "are"} on the same network as you (the same address, or the same IPv6 /64): ranked never matches accounts from one network, so you wait for someone else`,
    );
  const device = count("same device");
  if (device > 0)
    parts.push(
      `${players(device)} waiting ${device === 1 ? "plays" : "play"} from this browser or device: ranked never matches accounts from one device`,
    );
  const met = count("met too often today");
  if (met > 0) parts.push(`you have met ${players(met)} waiting often enough today: ranked matches you with others first`);
  const range = count("rating range");
  if (range > 0)
    parts.push(`${players(range)} waiting ${range === 1 ? "is" : "are"} outside your rating range for now: the range widens as you wait`);
  const pools = count("conduct pools");
  const other = count("blocked") + count("same account");
  if (pools + other > 0) parts.push(`${players(pools + other)} waiting cannot be matched with you`);
  if (parts.length === 0) return null;
  const text = parts.join("; ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
