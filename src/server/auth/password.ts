// Password hashing with scrypt (node:crypto, available in Node and in Workers with nodejs_compat).
// Parameters: N=2^14, r=8, p=5 — one of OWASP's scrypt settings, chosen for its 16 MiB of memory
// (a Worker isolate has 128 MB) at the same work factor as N=2^17, p=1. Cost measured in docs/known-limits.md.
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
// The entries of 10 characters or more (1 557) of zxcvbn's list of common passwords, lower-cased:
// `passwords.json` of @zxcvbn-ts/language-common 4.1.3, MIT (common-passwords.LICENSE.txt). Shorter
// entries cannot pass the minimum length anyway. A JSON import, so Workers bundle it too.
import commonPasswordList from "./common-passwords.json" with { type: "json" };

export const SCRYPT_PARAMETERS = { N: 2 ** 14, r: 8, p: 5 } as const;
/**
 * The test suites' cost (PASSWORD_HASH_COST=test, refused by the configuration outside
 * NODE_ENV=test): the same scheme at about 1/80 of the work, so the auth tests do not spend
 * minutes hashing. The hash names its parameters, so either verifies anywhere.
 */
export const TEST_SCRYPT_PARAMETERS = { N: 2 ** 10, r: 8, p: 1 } as const;
export type PasswordHashCost = "production" | "test";

const parametersOf = (cost: PasswordHashCost) => (cost === "test" ? TEST_SCRYPT_PARAMETERS : SCRYPT_PARAMETERS);
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** scrypt's cost is linear in the input too: cap what an attacker can make us hash. */
export const MAX_PASSWORD_LENGTH = 256;

const COMMON_PASSWORDS: ReadonlySet<string> = new Set(commonPasswordList);

/** True for a password of the shipped list of common passwords, whatever its case. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.normalize("NFKC").toLowerCase());
}

function deriveKey(password: string, salt: Buffer, parameters: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...parameters, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** "scrypt$N$r$p$salt$hash" (base64), self-describing so parameters can be raised later. */
export async function hashPassword(password: string, cost: PasswordHashCost = "production"): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const parameters = parametersOf(cost);
  const key = await deriveKey(password, salt, parameters);
  const { N, r, p } = parameters;
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await deriveKey(password, Buffer.from(salt, "base64"), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True when the stored hash used other parameters than today's (rehash after a successful sign-in). */
export function passwordNeedsRehash(stored: string, cost: PasswordHashCost = "production"): boolean {
  const { N, r, p } = parametersOf(cost);
  return !stored.startsWith(`scrypt$${N}$${r}$${p}$`);
}
