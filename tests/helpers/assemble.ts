// A report from sections named as the tests write them (water, air, …, weatherWarnings), put by
// their fields into the one assembleReport the server uses.
import { assembleReport } from "../../src/core/report/index.ts";
import type { Address, AddressInfo, AirQualitySection, BathingSection, DroughtSection, Report, WaterQualitySection } from "../../src/core/types.ts";
import type { PollenSection } from "../../src/sections/pollen/types.ts";
import type { RadonSection } from "../../src/sections/radon/types.ts";
import type { UvSection } from "../../src/sections/uv/types.ts";
import type { WeatherWarningsSection } from "../../src/sections/weather/types.ts";

export function assembleNamed(input: {
  address: Address;
  addressInfo: AddressInfo;
  water: WaterQualitySection;
  air: AirQualitySection;
  drought: DroughtSection;
  bathing: BathingSection;
  pollen: PollenSection;
  uv: UvSection;
  weatherWarnings: WeatherWarningsSection;
  radon: RadonSection;
  now: Date;
}): Report {
  const { address, addressInfo, now } = input;
  return assembleReport({
    address,
    addressInfo,
    now,
    sections: {
      water_quality: input.water,
      air_quality: input.air,
      drought: input.drought,
      bathing: input.bathing,
      weather_warnings: input.weatherWarnings,
      pollen: input.pollen,
      uv: input.uv,
      radon: input.radon,
    },
  });
}
