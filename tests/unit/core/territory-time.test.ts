import { describe, expect, it } from "vitest";
import { timeZoneOfCommune, todayForCommune, todayInParis } from "../../../src/core/shared/time.ts";

// Overseas territories live on their own clock (decision 054): « aujourd'hui » is the
// territory's local day, not the Paris day.
describe("each territory's own calendar day", () => {
  it("maps overseas departments to their own time zone and the rest of France to Paris", () => {
    expect(timeZoneOfCommune("97411")).toBe("Indian/Reunion");
    expect(timeZoneOfCommune("97105")).toBe("America/Guadeloupe");
    expect(timeZoneOfCommune("97302")).toBe("America/Cayenne");
    expect(timeZoneOfCommune("97611")).toBe("Indian/Mayotte");
    expect(timeZoneOfCommune("80021")).toBe("Europe/Paris");
    expect(timeZoneOfCommune("2A004")).toBe("Europe/Paris");
  });

  it("just after midnight in Réunion it is already tomorrow there, still today in Paris", () => {
    const now = new Date("2026-11-25T20:30:00Z"); // 00:30 on the 26th in Réunion (UTC+4), 21:30 in Paris
    expect(todayInParis(now)).toBe("2026-11-25");
    expect(todayForCommune(now, "97411")).toBe("2026-11-26");
    expect(todayForCommune(now, "80021")).toBe("2026-11-25");
  });

  it("late in the evening in Guadeloupe it is still yesterday there, already tomorrow in Paris", () => {
    const now = new Date("2026-11-26T02:00:00Z"); // 22:00 on the 25th in Guadeloupe (UTC−4), 03:00 on the 26th in Paris
    expect(todayInParis(now)).toBe("2026-11-26");
    expect(todayForCommune(now, "97105")).toBe("2026-11-25");
  });
});
