/**
 * The key a client address is limited under: an IPv4 address as it is (an IPv4-mapped IPv6
 * address `::ffff:a.b.c.d` counts as a.b.c.d), an IPv6 address by its /64 network (one
 * subscriber's link usually gets a whole /64, so keying by full address would hand one host
 * 2^64 fresh buckets). Anything unparsable is kept as given, so it still has a bucket of its own.
 */
import ipaddr from "ipaddr.js";

export function addressKey(address: string): string {
  const raw = address.trim().replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!ipaddr.isValid(raw)) return raw;
  const ip = ipaddr.process(raw);
  if (ip.kind() === "ipv4") return ip.toString();
  const parts = (ip as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(":")}::/64`;
}
