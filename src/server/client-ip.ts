// Who is asking, for rate limits: one function for the key every limit counts by, and the Node
// entry's reading of X-Forwarded-For. Pure (no node:net), so config.ts can validate with it on
// Workers too.

type Address = { version: 4; value: bigint } | { version: 6; value: bigint };
export type Cidr = { version: 4 | 6; network: bigint; prefixLength: number };

function parseIpv4(text: string): bigint | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = (value << 8n) | BigInt(Number(part));
  }
  return value;
}

function parseIpv6(text: string): bigint | null {
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (half: string | undefined): number[] | null => {
    if (!half) return [];
    const groups: number[] = [];
    const pieces = half.split(":");
    for (const [index, piece] of pieces.entries()) {
      // An embedded IPv4 (::ffff:192.0.2.1) stands for the last two groups.
      if (index === pieces.length - 1 && piece.includes(".")) {
        const v4 = parseIpv4(piece);
        if (v4 === null) return null;
        groups.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
        continue;
      }
      if (!/^[0-9a-f]{1,4}$/i.test(piece)) return null;
      groups.push(parseInt(piece, 16));
    }
    return groups;
  };
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<number>(halves.length === 1 ? 0 : missing).fill(0), ...tail];
  return groups.reduce((value, group) => (value << 16n) | BigInt(group), 0n);
}

const IPV4_MAPPED_PREFIX = 0xffffn << 32n;

function parseAddress(text: string): Address | null {
  const trimmed = text
    .trim()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/%.*$/, "");
  const v4 = parseIpv4(trimmed);
  if (v4 !== null) return { version: 4, value: v4 };
  const v6 = parseIpv6(trimmed);
  if (v6 === null) return null;
  // Dual-stack sockets report IPv4 peers as ::ffff:a.b.c.d: they are IPv4 clients.
  if (v6 >> 32n === IPV4_MAPPED_PREFIX >> 32n) return { version: 4, value: v6 & 0xffffffffn };
  return { version: 6, value: v6 };
}

function formatIpv4(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join(".");
}

/**
 * The key a rate limit counts by: an IPv4 address as is, an IPv6 address by its /64 — one
 * subscriber line gets a whole /64 and can change addresses inside it at will.
 */
export function clientKeyOf(ip: string | undefined): string {
  const address = ip ? parseAddress(ip) : null;
  if (!address) return "unknown";
  if (address.version === 4) return formatIpv4(address.value);
  const prefix = address.value >> 64n;
  const groups = [48n, 32n, 16n, 0n].map((shift) => ((prefix >> shift) & 0xffffn).toString(16));
  return `${groups.join(":")}::/64`;
}

/** "10.0.0.0/8, 192.0.2.1, fd00::/8" → CIDRs; throws on anything else (config.ts reports it). */
export function parseTrustedProxies(list: string): Cidr[] {
  return list
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const [ip = "", length] = item.split("/");
      const address = parseAddress(ip);
      const bits = address?.version === 4 ? 32 : 128;
      const prefixLength = length === undefined ? bits : /^\d{1,3}$/.test(length) ? Number(length) : NaN;
      if (!address || !(prefixLength >= 0 && prefixLength <= bits)) throw new Error(`« ${item} » n'est ni une adresse IP ni un bloc CIDR`);
      const hostBits = BigInt(bits - prefixLength);
      return { version: address.version, network: (address.value >> hostBits) << hostBits, prefixLength };
    });
}

function isTrusted(address: Address, trusted: Cidr[]): boolean {
  return trusted.some((cidr) => {
    if (cidr.version !== address.version) return false;
    const hostBits = BigInt((cidr.version === 4 ? 32 : 128) - cidr.prefixLength);
    return (address.value >> hostBits) << hostBits === cidr.network;
  });
}

/** Whether this socket peer is one of the trusted reverse proxies (an unreadable address is not). */
export function isTrustedProxy(peer: string | undefined, trusted: Cidr[]): boolean {
  const address = peer ? parseAddress(peer) : null;
  return address !== null && isTrusted(address, trusted);
}

/**
 * The client's IP behind trusted reverse proxies. X-Forwarded-For is believed only when the
 * socket peer is a trusted proxy; then the chain is read from the right (each proxy appends the
 * address it saw) and the first address that is not a trusted proxy is the client — whatever a
 * client wrote at the left of the header itself is never reached.
 */
export function forwardedClientIp(peer: string | undefined, forwardedFor: string | undefined, trusted: Cidr[]): string | undefined {
  const peerAddress = peer ? parseAddress(peer) : null;
  if (!peerAddress || !forwardedFor || !isTrusted(peerAddress, trusted)) return peer;
  const chain = forwardedFor.split(",").map((item) => item.trim());
  for (let index = chain.length - 1; index >= 0; index--) {
    const hop = chain[index] ?? "";
    const address = parseAddress(hop);
    if (!address) return peer;
    if (!isTrusted(address, trusted)) return hop;
  }
  return peer;
}
