// The page URL names a report: Back and Forward find the report again by the key of that URL, so
// reading a URL back must give the very key the page wrote.
import { describe, expect, it } from "vitest";
import { readReportRequest, reportKeyOf, toReportParams, type ReportRequest } from "../../../src/islands/report/report-request.ts";

const AMIENS: ReportRequest = {
  lat: 49.8985,
  lon: 2.2952,
  citycode: "80021",
  label: "8 Boulevard du Port 80000 Amiens",
  postcode: "80000",
  city: "Amiens",
};

describe("report URL", () => {
  it.each([
    ["an address", AMIENS],
    ["an address and its network", { ...AMIENS, udi: "080000512" }],
    ["an address without postcode nor city", { lat: 43.368625, lon: 3.157423, citycode: "34148", label: "Avenue du 8 Mai 1945 34370 Maraussan" }],
    ["a label with an apostrophe and accents", { ...AMIENS, label: "2 Rue de l'Église 80000 Amiens" }],
    ["an address with the server's signature (decision 055)", { ...AMIENS, signature: "pQ3vX0n9k2cJ8yY4r1Tz-w", udi: "080000512" }],
  ])("reads back as the key it was written with: %s", (_name, request) => {
    const search = `?${toReportParams(request)}`;
    const read = readReportRequest(search);
    expect(read).not.toBeNull();
    expect(reportKeyOf(read!)).toBe(reportKeyOf(request));
    expect(`?${reportKeyOf(read!)}`).toBe(search);
  });

  it("is no report without coordinates and commune (the home page, a section's anchor)", () => {
    expect(readReportRequest("")).toBeNull();
    expect(readReportRequest("?lat=49.8985&lon=2.2952")).toBeNull();
    expect(readReportRequest("?src=email")).toBeNull();
  });

  it("keeps typed text apart from a picked address", () => {
    expect(reportKeyOf({ q: "8 bd du Port" })).toBe("q=8+bd+du+Port");
    expect(reportKeyOf({ q: "8 bd du Port" })).not.toBe(reportKeyOf(AMIENS));
  });
});
