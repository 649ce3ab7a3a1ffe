// The four sections of issue 26 (pollen, UV, weather warnings, radon) as a report has them when
// none of their sources could be read: for tests about the other sections that build a report
// with assembleReport and have nothing to say about these.
import { unavailablePollen } from "../../src/sections/pollen/source.ts";
import { unavailableRadon } from "../../src/sections/radon/source.ts";
import { todayForCommune } from "../../src/core/shared/time.ts";
import { unavailableUv } from "../../src/sections/uv/source.ts";
import { unavailableWeatherWarnings } from "../../src/sections/weather/source.ts";

const UNREAD = "Source non lue dans ce test.";

export function unreadSections(now: Date, citycode: string) {
  const day = todayForCommune(now, citycode);
  return {
    pollen: unavailablePollen(day, UNREAD),
    uv: unavailableUv(day, UNREAD),
    weatherWarnings: unavailableWeatherWarnings(day, UNREAD),
    radon: unavailableRadon(UNREAD),
  };
}
