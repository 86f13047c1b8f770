/**
 * The key a client address is limited under: an IPv4 address as it is (an IPv4-mapped IPv6
 * address `::ffff:a.b.c.d` counts as a.b.c.d), an IPv6 address by its /64 network (one
 * subscriber's link usually gets a whole /64, so keying by full address would hand one host
 * 2^64 fresh buckets). Anything unparsable is kept as given, so it still has a bucket of its own.
 *
 * Validation is Node's (inet_pton); the expansion is written here because ipaddr.js took ~15 µs
 * per IPv6 address, more than the rest of a limit decision ten times over.
 */
import { isIPv4, isIPv6 } from "node:net";

export function addressKey(address: string): string {
  const raw = address
    .trim()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  if (isIPv4(raw)) return raw;
  if (!isIPv6(raw)) return raw;
  const groups = ipv6Groups(raw.toLowerCase());
  if (groups[0] === 0 && groups[1] === 0 && groups[2] === 0 && groups[3] === 0 && groups[4] === 0 && groups[5] === 0xffff) {
    return `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
  }
  return `${groups[0]!.toString(16)}:${groups[1]!.toString(16)}:${groups[2]!.toString(16)}:${groups[3]!.toString(16)}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (one pass; a dotted IPv4 tail is two groups). */
function ipv6Groups(ip: string): number[] {
  const out: number[] = [];
  let cur = 0;
  let digits = 0;
  let gapAt = -1;
  for (let i = 0; i < ip.length; i++) {
    const c = ip.charCodeAt(i);
    if (c === 58 /* : */) {
      if (digits > 0) out.push(cur);
      cur = 0;
      digits = 0;
      if (ip.charCodeAt(i + 1) === 58) {
        gapAt = out.length;
        i++;
      }
    } else if (c === 46 /* . */) {
      // The dotted IPv4 tail starts at the last colon.
      const [a, b, cc, d] = ip
        .slice(ip.lastIndexOf(":") + 1)
        .split(".")
        .map(Number) as [number, number, number, number];
      out.push((a << 8) | b, (cc << 8) | d);
      digits = 0;
      break;
    } else {
      cur = cur * 16 + (c <= 57 ? c - 48 : c - 87);
      digits++;
    }
  }
  if (digits > 0) out.push(cur);
  if (gapAt >= 0) out.splice(gapAt, 0, ...new Array<number>(8 - out.length).fill(0));
  return out;
}
