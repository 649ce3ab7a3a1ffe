// The recent-device cookie: which accounts signed in from this browser lately, so that the limits a
// stranger can fill never refuse the owner's own browser (decision 056). Stateless: each entry is an
// HMAC of the browser's random id, the account's address and the sign-in time — only this server can
// write one, and it names no account to whoever reads the cookie. The id alone (given to a browser
// that asks for a code) recognises nothing: it binds the codes sent to the browser that asked.
import type { Context } from "hono";
import { normaliseEmail } from "../db/repositories/users.ts";
import type { AppEnv } from "../deps.ts";
import { readDeviceCookie, setDeviceCookie } from "./cookies.ts";
import { generateRandomToken, hexEqual, hmacHex } from "./crypto.ts";

const DAY_MS = 24 * 3600 * 1000;
/** A sign-in this recent makes the browser the owner's: as long as a session can last (session.ts). */
export const RECENT_DEVICE_DAYS = 90;
/** A browser shared at home: the last 3 accounts that signed in from it are recognised. */
const MAX_ACCOUNTS_PER_DEVICE = 3;
/** A browser that only asked for a code keeps its id a day (a code lasts 10 minutes). */
const ANONYMOUS_DEVICE_MS = DAY_MS;

const DEVICE_ID = /^[a-z2-7]{32}$/;
const ENTRY = /^([0-9a-z]{1,9})\.([0-9a-f]{32})$/;

interface DeviceEntry {
  issuedAtSeconds: number;
  mac: string;
}
interface DeviceCookie {
  deviceId: string;
  entries: DeviceEntry[];
}

/** "<id>~<entry>~<entry>", each entry "<sign-in time, base 36 seconds>.<HMAC, 128 bits>"; anything else is no cookie. */
function parseDeviceCookie(value: string | undefined): DeviceCookie | null {
  const [deviceId = "", ...rawEntries] = (value ?? "").split("~");
  if (!DEVICE_ID.test(deviceId) || rawEntries.length > MAX_ACCOUNTS_PER_DEVICE) return null;
  const entries: DeviceEntry[] = [];
  for (const raw of rawEntries) {
    const match = ENTRY.exec(raw);
    if (!match) return null;
    entries.push({ issuedAtSeconds: parseInt(match[1] ?? "", 36), mac: match[2] ?? "" });
  }
  return { deviceId, entries };
}

function formatDeviceCookie(cookie: DeviceCookie): string {
  return [cookie.deviceId, ...cookie.entries.map((entry) => `${entry.issuedAtSeconds.toString(36)}.${entry.mac}`)].join("~");
}

async function entryMac(secret: string, deviceId: string, email: string, issuedAtSeconds: number): Promise<string> {
  return (await hmacHex(secret, `recent-device:${deviceId}:${normaliseEmail(email)}:${issuedAtSeconds}`)).slice(0, 32);
}

async function isEntryOf(secret: string, deviceId: string, entry: DeviceEntry, email: string): Promise<boolean> {
  return hexEqual(await entryMac(secret, deviceId, email, entry.issuedAtSeconds), entry.mac);
}

function isRecent(entry: DeviceEntry, nowMs: number): boolean {
  const issuedAtMs = entry.issuedAtSeconds * 1000;
  return issuedAtMs <= nowMs + 60_000 && nowMs - issuedAtMs < RECENT_DEVICE_DAYS * DAY_MS;
}

/** This browser's id, or null when it has none (or a cookie that is not ours). */
export function readDeviceId(c: Context<AppEnv>): string | null {
  return parseDeviceCookie(readDeviceCookie(c))?.deviceId ?? null;
}

/** This browser's id, given one now (for a day) when it has none: codes are bound to the browser that asked. */
export function ensureDeviceId(c: Context<AppEnv>): string {
  const existing = readDeviceId(c);
  if (existing) return existing;
  const deviceId = generateRandomToken(20);
  setDeviceCookie(c, deviceId, c.get("deps").clock().getTime() + ANONYMOUS_DEVICE_MS);
  return deviceId;
}

/** True when the account of `email` signed in from this browser within RECENT_DEVICE_DAYS. */
export async function isRecentDeviceOf(c: Context<AppEnv>, email: string): Promise<boolean> {
  const cookie = parseDeviceCookie(readDeviceCookie(c));
  if (!cookie) return false;
  const { appSecret, clock } = c.get("deps");
  const nowMs = clock().getTime();
  for (const entry of cookie.entries) {
    if (isRecent(entry, nowMs) && (await isEntryOf(appSecret, cookie.deviceId, entry, email))) return true;
  }
  return false;
}

/** After every successful sign-in: this account first, the other recent ones after it, for RECENT_DEVICE_DAYS. */
export async function rememberDevice(c: Context<AppEnv>, email: string): Promise<void> {
  const { appSecret, clock } = c.get("deps");
  const nowMs = clock().getTime();
  const cookie = parseDeviceCookie(readDeviceCookie(c)) ?? { deviceId: generateRandomToken(20), entries: [] };
  const others: DeviceEntry[] = [];
  for (const entry of cookie.entries) {
    if (isRecent(entry, nowMs) && !(await isEntryOf(appSecret, cookie.deviceId, entry, email))) others.push(entry);
  }
  const issuedAtSeconds = Math.floor(nowMs / 1000);
  const entry = { issuedAtSeconds, mac: await entryMac(appSecret, cookie.deviceId, email, issuedAtSeconds) };
  const entries = [entry, ...others].slice(0, MAX_ACCOUNTS_PER_DEVICE);
  setDeviceCookie(c, formatDeviceCookie({ deviceId: cookie.deviceId, entries }), nowMs + RECENT_DEVICE_DAYS * DAY_MS);
}
