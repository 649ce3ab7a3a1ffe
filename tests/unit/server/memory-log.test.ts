// The soak's memory trace (issue 28, decision 077) is opt-in: nothing without MEMORY_LOG_MS, and
// then one JSON line per period on stderr, never an HTTP route.
import { afterEach, describe, expect, it, vi } from "vitest";
import { MEMORY_LOG_MARKER, startMemoryLog } from "../../../workers/memory-log.ts";

afterEach(() => vi.useRealTimers());

describe("the server's memory trace (MEMORY_LOG_MS)", () => {
  it("is off unless MEMORY_LOG_MS asks for it (≥ 100 ms)", () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    for (const env of [{}, { MEMORY_LOG_MS: "" }, { MEMORY_LOG_MS: "50" }, { MEMORY_LOG_MS: "souvent" }])
      expect(startMemoryLog(env, (line) => lines.push(line))).toBeNull();
    vi.advanceTimersByTime(10_000);
    expect(lines).toEqual([]);
  });

  it("writes one JSON line per period with RSS, heap, outside the heap and the young generation", () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const stop = startMemoryLog({ MEMORY_LOG_MS: "1000" }, (line) => lines.push(line));
    vi.advanceTimersByTime(3000);
    stop?.();
    vi.advanceTimersByTime(3000);
    expect(lines).toHaveLength(3);
    const sample = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(sample.marker).toBe(MEMORY_LOG_MARKER);
    for (const field of ["rss", "heapUsed", "heapTotal", "external", "newSpace"]) expect(sample[field]).toBeGreaterThan(0);
    expect(sample.arrayBuffers).toBeGreaterThanOrEqual(0);
  });
});
