// Whole answers kept as their bytes (decision 094): for their own minute only, bounded by bytes,
// and validated by a strong ETag.
import { describe, expect, it } from "vitest";
import { createAnswerCache, etagOf, matchesEtag, type StoredAnswer } from "../../../src/server/cache/answers.ts";

const NOW = Date.parse("2026-11-22T23:59:10Z");
const answerOf = (text: string): StoredAnswer => ({
  body: new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>,
  etag: `"${text.length}"`,
  cacheControl: "public, max-age=300",
});

describe("the answer cache", () => {
  it("serves an answer within its minute, and never after it (no day outlives its minute, in any time zone)", () => {
    const cache = createAnswerCache();
    const answer = answerOf("{}");
    cache.set("/api/report?a", NOW, answer);
    expect(cache.get("/api/report?a", NOW + 49_999)).toBe(answer);
    // 00:00:00 UTC: another minute, another day in Paris and in Guadeloupe alike.
    expect(cache.get("/api/report?a", Date.parse("2026-11-23T00:00:00Z"))).toBeUndefined();
    expect(cache.sizeBytes()).toBe(0);
    expect(cache.get("/api/report?b", NOW)).toBeUndefined();
  });

  it("holds at most its bound: earlier minutes go first, then the oldest; a huge answer is not kept", () => {
    const cache = createAnswerCache({ maxBytes: 40_000 });
    const body = "x".repeat(2_000);
    for (let i = 0; i < 100; i++) cache.set(`/api/report?${i}`, NOW, answerOf(body));
    expect(cache.sizeBytes()).toBeLessThanOrEqual(40_000);
    expect(cache.get("/api/report?99", NOW)).toBeDefined();
    expect(cache.get("/api/report?0", NOW)).toBeUndefined();
    // The next minute's first answer pushes out every earlier one.
    cache.set("/api/report?next", NOW + 60_000, answerOf(body));
    expect(cache.sizeBytes()).toBeLessThan(2_500);
    cache.set("/api/report?huge", NOW + 60_000, answerOf("x".repeat(20_000)));
    expect(cache.get("/api/report?huge", NOW + 60_000)).toBeUndefined();
  });

  it("gives a strong ETag of the bytes and recognises it in If-None-Match", async () => {
    const body = new TextEncoder().encode('{"a":1}') as Uint8Array<ArrayBuffer>;
    const etag = await etagOf(body);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(await etagOf(new TextEncoder().encode('{"a":2}') as Uint8Array<ArrayBuffer>)).not.toBe(etag);
    expect(matchesEtag(etag, etag)).toBe(true);
    expect(matchesEtag(`"other", W/${etag}`, etag)).toBe(true);
    expect(matchesEtag("*", etag)).toBe(true);
    expect(matchesEtag('"other"', etag)).toBe(false);
    expect(matchesEtag(undefined, etag)).toBe(false);
  });
});
