import { describe, expect, it } from "vitest";
import { statusLinkOf } from "../../../src/core/report/section-module.ts";
import { judgeFreshness, lastAttemptOf, STATUS_SOURCES, statusRowId, type SourceReads } from "../../../src/core/status/freshness.ts";

const at = (iso: string) => new Date(iso).getTime();
const read = (success: string | null, failure: string | null = null): SourceReads => ({
  lastSuccessAtMs: success ? at(success) : null,
  lastFailureAtMs: failure ? at(failure) : null,
});

// Each source is judged against its own publication rhythm (issue 24): ATMO after 14:00 Paris for
// today, Hub'Eau monthly, VigiEau daily, bathing daily in season, BAN and CAMS within the day.
describe("a source's freshness against its own rhythm", () => {
  it("ATMO before 14:00 Paris: yesterday's afternoon read is « à jour » (today's index is not published yet)", () => {
    const now = new Date("2026-08-20T09:00:00Z"); // 11:00 in Paris (CEST)
    expect(judgeFreshness("atmo", read("2026-08-19T12:40:00Z"), now).freshness).toBe("fresh"); // 14:40 the day before
  });

  it("ATMO past its deadline (15:00 Paris, an hour after the 14:00 publication) with only yesterday's read reads « en retard »", () => {
    const now = new Date("2026-08-20T13:30:00Z"); // 15:30 in Paris
    expect(judgeFreshness("atmo", read("2026-08-19T12:40:00Z"), now).freshness).toBe("late");
    expect(judgeFreshness("atmo", read("2026-08-20T12:35:00Z"), now).freshness).toBe("fresh"); // 14:35 today
  });

  it("ATMO between 14:00 and 15:00 Paris: the alert run's 14:30 read still has its hour", () => {
    const now = new Date("2026-08-20T12:20:00Z"); // 14:20 in Paris
    expect(judgeFreshness("atmo", read("2026-08-19T12:40:00Z"), now).freshness).toBe("fresh");
  });

  it("Hub'Eau is monthly: a read 30 days old is « à jour », 40 days old « en retard »", () => {
    const now = new Date("2026-08-20T10:00:00Z");
    expect(judgeFreshness("hubeau", read("2026-07-21T10:00:00Z"), now).freshness).toBe("fresh");
    expect(judgeFreshness("hubeau", read("2026-07-11T10:00:00Z"), now).freshness).toBe("late");
  });

  it("VigiEau is daily: a read two days old reads « en retard »", () => {
    const now = new Date("2026-08-20T10:00:00Z");
    expect(judgeFreshness("vigieau", read("2026-08-19T12:35:00Z"), now).freshness).toBe("fresh");
    expect(judgeFreshness("vigieau", read("2026-08-18T12:35:00Z"), now).freshness).toBe("late");
  });

  it("a source whose last read failed and that has no success within its deadline reads « indisponible »", () => {
    const now = new Date("2026-08-20T10:00:00Z");
    expect(judgeFreshness("vigieau", read("2026-08-17T12:35:00Z", "2026-08-20T09:00:00Z"), now).freshness).toBe("unavailable");
    expect(judgeFreshness("vigieau", read(null, "2026-08-20T09:00:00Z"), now).freshness).toBe("unavailable");
    // A failure after a success within the deadline: the data shown is still fresh.
    expect(judgeFreshness("vigieau", read("2026-08-20T08:00:00Z", "2026-08-20T09:00:00Z"), now).freshness).toBe("fresh");
  });

  it("a source never read is « en retard », never « à jour » (no reassurance without data)", () => {
    expect(judgeFreshness("ban", read(null), new Date("2026-08-20T10:00:00Z")).freshness).toBe("late");
  });

  it("bathing is judged daily in season only: out of season it reads « hors saison »", () => {
    expect(judgeFreshness("baignades", read("2026-08-18T10:00:00Z"), new Date("2026-08-20T10:00:00Z")).freshness).toBe("late");
    expect(judgeFreshness("baignades", read("2026-08-20T07:00:00Z"), new Date("2026-08-20T10:00:00Z")).freshness).toBe("fresh");
    expect(judgeFreshness("baignades", read(null), new Date("2026-11-26T10:00:00Z")).freshness).toBe("off_season");
  });

  it("BAN and the CAMS model need a read within the day", () => {
    const now = new Date("2026-11-26T10:00:00Z");
    expect(judgeFreshness("openmeteo", read("2026-11-25T12:00:00Z"), now).freshness).toBe("fresh");
    expect(judgeFreshness("openmeteo", read("2026-11-25T08:00:00Z"), now).freshness).toBe("late");
  });

  it("ATMO in winter (CET): the deadline is 15:00 Paris = 14:00 UTC", () => {
    expect(judgeFreshness("atmo", read("2026-11-25T13:40:00Z"), new Date("2026-11-26T13:59:00Z")).freshness).toBe("fresh");
    expect(judgeFreshness("atmo", read("2026-11-25T13:40:00Z"), new Date("2026-11-26T14:01:00Z")).freshness).toBe("late");
  });
});

// Decision 085: beside freshness, the last attempt and its outcome — a source read this month is
// « à jour » and may still not answer now.
describe("a source's last attempt", () => {
  it("is the later of its last success and its last failure, with its outcome", () => {
    expect(lastAttemptOf(read("2026-11-26T10:00:00Z", "2026-11-26T10:05:00Z"))).toEqual({ atMs: at("2026-11-26T10:05:00Z"), outcome: "failure" });
    expect(lastAttemptOf(read("2026-11-26T10:06:00Z", "2026-11-26T10:05:00Z"))).toEqual({ atMs: at("2026-11-26T10:06:00Z"), outcome: "success" });
    expect(lastAttemptOf(read(null, "2026-11-26T10:05:00Z"))).toEqual({ atMs: at("2026-11-26T10:05:00Z"), outcome: "failure" });
    expect(lastAttemptOf(read(null))).toBeNull();
  });

  it("a monthly source read last week whose last attempt failed is still « à jour », and its last attempt a failure", () => {
    const reads = read("2026-11-20T10:00:00Z", "2026-11-26T09:00:00Z");
    expect(judgeFreshness("hubeau", reads, new Date("2026-11-26T10:00:00Z")).freshness).toBe("fresh");
    expect(lastAttemptOf(reads)?.outcome).toBe("failure");
  });

  it("a report's « État des sources » lands on the source's row of /etat", () => {
    for (const source of STATUS_SOURCES) expect(statusLinkOf(source)).toEqual({ text: "État des sources", href: `/etat#${statusRowId(source)}` });
  });
});
