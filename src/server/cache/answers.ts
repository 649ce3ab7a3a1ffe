// Finished answers, kept as the bytes that were sent (decision 094): a report asked again within
// the same minute is served as stored — no sections judged again, no JSON written again, no
// signature computed again — with its ETag, so that a browser or CDN that holds it gets a 304.
// In this process's memory (Node) or this isolate's (Workers), bounded by bytes.

/** One stored answer: its body as sent, its validator and its Cache-Control. */
export interface StoredAnswer {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  cacheControl: string;
}

export interface AnswerCache {
  /** the answer stored under this key for the minute `nowMs` falls in */
  get(key: string, nowMs: number): StoredAnswer | undefined;
  set(key: string, nowMs: number, answer: StoredAnswer): void;
  /** bytes held (for tests and the bound) */
  sizeBytes(): number;
}

/** A stored answer serves its own minute only: no day, no « aujourd'hui », outlives it anywhere (every time zone's day starts on a minute). */
const MINUTE_MS = 60_000;
const ENTRY_OVERHEAD_BYTES = 200;

/** The default bound: a few hundred reports. */
export const DEFAULT_ANSWER_CACHE_BYTES = 8 * 1024 * 1024;

export function createAnswerCache(options: { maxBytes?: number } = {}): AnswerCache {
  const maxBytes = options.maxBytes ?? DEFAULT_ANSWER_CACHE_BYTES;
  // Insertion order is minute order: the oldest minute at the front.
  const entries = new Map<string, { minute: number; answer: StoredAnswer; bytes: number }>();
  let total = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    total -= entry.bytes;
  };

  return {
    sizeBytes: () => total,
    get(key, nowMs) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.minute !== Math.floor(nowMs / MINUTE_MS)) {
        drop(key);
        return undefined;
      }
      return entry.answer;
    },
    set(key, nowMs, answer) {
      const minute = Math.floor(nowMs / MINUTE_MS);
      const bytes = ENTRY_OVERHEAD_BYTES + key.length + answer.body.byteLength + answer.etag.length;
      drop(key);
      // An answer larger than a quarter of the bound would push out everything else: not kept.
      if (bytes > maxBytes / 4) return;
      // Earlier minutes' answers first, then the oldest, until the new one fits.
      for (const [oldKey, entry] of entries) {
        if (entry.minute === minute && total + bytes <= maxBytes) break;
        drop(oldKey);
      }
      entries.set(key, { minute, answer, bytes });
      total += bytes;
    },
  };
}

/** A strong ETag of a body: the first 16 bytes of its SHA-256, in base64url. */
export async function etagOf(body: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  let binary = "";
  for (const byte of digest.subarray(0, 16)) binary += String.fromCharCode(byte);
  return `"${btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}"`;
}

/** Whether an If-None-Match header names this ETag (a weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}
