// Which Host names the Node server answers to (issue 22, decision 059): a DNS-rebinding page
// reaches a local server under its own name, which a browser never lets it change.
import { describe, expect, it } from "vitest";
import { allowedHostNames, hostNameOf, isAllowedHost } from "../../../src/server/allowed-hosts.ts";
import { parseConfig } from "../../../src/server/config.ts";

describe("the Host allow-list (DNS rebinding)", () => {
  it("reads the name of a Host header, whatever its case, port or final dot", () => {
    expect(hostNameOf("Zone-Sante.example.org.:443")).toBe("zone-sante.example.org");
    expect(hostNameOf("[::1]:4321")).toBe("[::1]");
    expect(hostNameOf("127.0.0.1")).toBe("127.0.0.1");
    for (const invalid of ["", "a:b:c", "[::1", "host:port"]) expect(hostNameOf(invalid), invalid).toBeNull();
  });

  it("answers to SITE_URL's name, the loopback names on any port, a single bind address and ALLOWED_HOSTS — to nothing else", () => {
    const allowed = allowedHostNames(parseConfig({ SITE_URL: "https://zone-sante.example.org", HOST: "192.0.2.10", ALLOWED_HOSTS: "app.internal" }));
    for (const host of ["zone-sante.example.org", "localhost:4322", "127.0.0.1:4321", "[::1]:80", "192.0.2.10:4321", "app.internal:8080"]) {
      expect(isAllowedHost(host, allowed), host).toBe(true);
    }
    for (const host of [undefined, "", "attacker.example:4321", "zone-sante.example.org.attacker.example", "localhost.attacker.example", "192.0.2.11"]) {
      expect(isAllowedHost(host, allowed), String(host)).toBe(false);
    }
  });

  it("a wildcard bind (0.0.0.0, ::) adds no name: the LAN opens the site by SITE_URL or ALLOWED_HOSTS", () => {
    expect([...allowedHostNames(parseConfig({ HOST: "0.0.0.0" }))]).toEqual(["127.0.0.1"]);
    expect([...allowedHostNames(parseConfig({ HOST: "::" }))]).toEqual(["127.0.0.1"]);
    expect(allowedHostNames(parseConfig({ HOST: "fd00::5" })).has("[fd00::5]")).toBe(true);
  });
});
