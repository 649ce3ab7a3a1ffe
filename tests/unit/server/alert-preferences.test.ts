// Reading an account's alert preferences from its rows (decision 073): the four original topics
// are on without a row, pollen and weather warnings are opt-in (off without a row), and a pollen
// alert needs at least one chosen pollen.
import { describe, expect, it } from "vitest";
import { readPreferences, readPreferencesByUser, type AlertPreferenceRow } from "../../../src/server/db/repositories/preferences.ts";

const row = (sourceType: AlertPreferenceRow["sourceType"], emailEnabled: boolean, taxaJson: string | null = null, userId = "u1"): AlertPreferenceRow => ({
  userId,
  sourceType,
  emailEnabled,
  taxaJson,
  updatedAtMs: 0,
});

describe("alert preferences (opt-in topics, decision 073)", () => {
  it("without rows, the four original topics are on and pollen and weather warnings are off", () => {
    expect(readPreferences([])).toEqual({ water: true, drought: true, air: true, bathing: true, pollen: false, weather: false, pollenTaxa: [] });
  });

  it("pollen is on only with at least one chosen pollen; the pollens read in the agencies' order, unknown names dropped", () => {
    expect(readPreferences([row("pollen", true, JSON.stringify(["graminees", "cypres", "bouleau"]))])).toMatchObject({
      pollen: true,
      pollenTaxa: ["bouleau", "graminees"],
    });
    expect(readPreferences([row("pollen", true, "[]")])).toMatchObject({ pollen: false, pollenTaxa: [] });
    expect(readPreferences([row("pollen", true, "not json")])).toMatchObject({ pollen: false, pollenTaxa: [] });
    expect(readPreferences([row("pollen", true, null)])).toMatchObject({ pollen: false });
  });

  it("a stored row wins over the default, for every topic", () => {
    expect(readPreferences([row("water", false), row("weather", true)])).toMatchObject({ water: false, weather: true });
  });

  it("each account reads its own rows; an account without rows gets the defaults", () => {
    const byUser = readPreferencesByUser([row("weather", true, null, "u1"), row("air", false, null, "u2")], ["u1", "u2", "u3"]);
    expect(byUser.get("u1")).toMatchObject({ weather: true, air: true });
    expect(byUser.get("u2")).toMatchObject({ weather: false, air: false });
    expect(byUser.get("u3")).toMatchObject({ water: true, pollen: false, weather: false });
  });
});
