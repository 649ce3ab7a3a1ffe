// Small cryptographic helpers shared by sessions, codes and signed links. Web Crypto and
// @oslojs only, so the same code runs in Node and in Workers.
import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

const textEncoder = new TextEncoder();

/** A random identifier or secret: `bytes` of entropy in lower-case base32 (URL and cookie safe). */
export function generateRandomToken(bytes = 20): string {
  const random = new Uint8Array(bytes);
  crypto.getRandomValues(random);
  return encodeBase32LowerCaseNoPadding(random);
}

/** A uniformly random string of decimal digits (rejection sampling: no modulo bias). */
export function generateNumericCode(length: number): string {
  let code = "";
  const byte = new Uint8Array(1);
  while (code.length < length) {
    crypto.getRandomValues(byte);
    const value = byte[0] ?? 255;
    if (value < 250) code += String(value % 10);
  }
  return code;
}

export function hashSecret(secret: string): Uint8Array {
  return sha256(textEncoder.encode(secret));
}

export function secretsEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && constantTimeEqual(a, b);
}

/** HMAC-SHA-256 of `message` with the app secret, hex encoded. */
export async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", textEncoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const signature = await crypto.subtle.sign("HMAC", key, textEncoder.encode(message));
  return encodeHexLowerCase(new Uint8Array(signature));
}

/** Constant-time comparison of two hex strings of the same alphabet. */
export function hexEqual(a: string, b: string): boolean {
  return secretsEqual(textEncoder.encode(a), textEncoder.encode(b));
}
