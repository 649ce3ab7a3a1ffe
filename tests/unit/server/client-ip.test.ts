// The key rate limits count by: one person behind an IPv6 /64 is one key, and the Node entry
// believes X-Forwarded-For only from the proxies it is told to trust.
import { describe, expect, it } from "vitest";
import { clientKeyOf, forwardedClientIp, parseTrustedProxies } from "../../../src/server/client-ip.ts";

describe("clientKeyOf", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:DB8:0001:0002:ffff::9", "2001:db8:1:2::/64"],
    ["::1", "0:0:0:0::/64"],
    [undefined, "unknown"],
    ["not an ip", "unknown"],
  ])("%s → %s", (ip, key) => {
    expect(clientKeyOf(ip)).toBe(key);
  });

  it("puts every address of one /64 in one bucket, and neighbouring /64s in others", () => {
    const keys = new Set(["2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2:ffff:ffff:ffff:ffff"].map(clientKeyOf));
    expect(keys.size).toBe(1);
    expect(clientKeyOf("2001:db8:1:3::1")).not.toBe(clientKeyOf("2001:db8:1:2::1"));
  });
});

describe("forwardedClientIp", () => {
  const trusted = parseTrustedProxies("10.0.0.0/8, 192.0.2.1, fd00::/8");

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", () => {
    expect(forwardedClientIp("198.51.100.4", "1.2.3.4", trusted)).toBe("198.51.100.4");
    expect(forwardedClientIp("198.51.100.4", "1.2.3.4", parseTrustedProxies(""))).toBe("198.51.100.4");
  });

  it("takes the nearest untrusted address of the chain when the peer is a trusted proxy", () => {
    expect(forwardedClientIp("10.1.2.3", "203.0.113.9", trusted)).toBe("203.0.113.9");
    // A client cannot pick its key by sending its own X-Forwarded-For: the proxy appends the real one.
    expect(forwardedClientIp("10.1.2.3", "6.6.6.6, 203.0.113.9", trusted)).toBe("203.0.113.9");
    expect(forwardedClientIp("192.0.2.1", "203.0.113.9, 10.9.9.9", trusted)).toBe("203.0.113.9");
    expect(forwardedClientIp("::ffff:10.1.2.3", "2001:db8::5", trusted)).toBe("2001:db8::5");
    expect(forwardedClientIp("fd00::1", "203.0.113.9", trusted)).toBe("203.0.113.9");
  });

  it("falls back to the peer when the header is absent or unreadable", () => {
    expect(forwardedClientIp("10.1.2.3", undefined, trusted)).toBe("10.1.2.3");
    expect(forwardedClientIp("10.1.2.3", "garbage", trusted)).toBe("10.1.2.3");
  });
});

describe("parseTrustedProxies", () => {
  it("refuses what is not an IP or a CIDR", () => {
    expect(() => parseTrustedProxies("10.0.0.0/33")).toThrow();
    expect(() => parseTrustedProxies("proxy.example")).toThrow();
  });
});
