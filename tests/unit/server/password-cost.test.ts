// The tests hash passwords at a cheap cost (PASSWORD_HASH_COST=test) so the auth suites do not
// spend minutes in scrypt; production's cost must not move with them. OWASP Password Storage
// Cheat Sheet: « scrypt with a minimum CPU/memory cost parameter of (2^17), a minimum block size of
// 8 (1024 bytes), and a parallelization parameter of 1 », or equivalent settings such as N=2^14,
// r=8, p=5 (our choice: 16 MiB per hash in a 128 MB isolate).
import { describe, expect, it } from "vitest";
import { hashPassword, passwordNeedsRehash, SCRYPT_PARAMETERS, verifyPassword } from "../../../src/server/auth/password.ts";
import { ConfigError, parseConfig } from "../../../src/server/config.ts";

describe("the password hash's cost", () => {
  it("production hashes with scrypt N=2^14, r=8, p=5 (one of OWASP's settings), whatever the tests use", async () => {
    expect(SCRYPT_PARAMETERS).toEqual({ N: 16_384, r: 8, p: 5 });
    const hash = await hashPassword("un mot de passe assez long");
    expect(hash).toMatch(/^scrypt\$16384\$8\$5\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword("un mot de passe assez long", hash)).toBe(true);
    expect(parseConfig({}).PASSWORD_HASH_COST).toBe("production");
    expect(parseConfig({ NODE_ENV: "production", APP_SECRET: "x".repeat(32), RESEND_API_KEY: "re_x" }).PASSWORD_HASH_COST).toBe("production");
  });

  it("a hash made at the tests' cost still verifies, and production rehashes it at its own cost on the next sign-in", async () => {
    const cheap = await hashPassword("un mot de passe assez long", "test");
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword("un mot de passe assez long", cheap)).toBe(true);
    expect(await verifyPassword("un autre mot de passe", cheap)).toBe(false);
    expect(passwordNeedsRehash(cheap)).toBe(true);
    expect(passwordNeedsRehash(cheap, "test")).toBe(false);
  });

  it("PASSWORD_HASH_COST=test is refused outside NODE_ENV=test", () => {
    for (const NODE_ENV of ["production", "development"]) {
      expect(() => parseConfig({ NODE_ENV, PASSWORD_HASH_COST: "test", APP_SECRET: "x".repeat(32), RESEND_API_KEY: "re_x" })).toThrow(ConfigError);
    }
    expect(() => parseConfig({})).not.toThrow();
    expect(parseConfig({ NODE_ENV: "test", PASSWORD_HASH_COST: "test" }).PASSWORD_HASH_COST).toBe("test");
  });
});
