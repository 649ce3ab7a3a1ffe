import { selectRecommendations } from "../recommendations/select.ts";
import { departmentCodeOf, departmentNameOf, toCommuneCode } from "../shared/commune.ts";
import type {
  Address,
  AddressInfo,
  AirQualitySection,
  BathingSection,
  DroughtSection,
  PollenSection,
  RadonSection,
  Report,
  UvSection,
  WaterQualitySection,
  WeatherWarningsSection,
} from "../types.ts";
import { pickedAddress } from "../shared/picked-address.ts";

/**
 * Commune and department of an address. In Paris, Lyon and Marseille the BAN's city is the
 * commune ("Paris") and its citycode the arrondissement: the commune code is the commune's.
 */
export function deriveAddressInfo(address: Pick<Address, "citycode" | "city">): AddressInfo {
  const departmentCode = departmentCodeOf(address.citycode);
  return {
    commune_name: address.city,
    commune_code: toCommuneCode(address.citycode),
    department_code: departmentCode,
    department_name: departmentNameOf(departmentCode),
  };
}

/** What a report says before any source answered: its address, commune and date. */
export function reportHead(input: { address: Address; addressInfo: AddressInfo; now: Date }): Pick<Report, "address" | "address_info" | "generated_at"> {
  return { address: pickedAddress(input.address), address_info: input.addressInfo, generated_at: input.now.toISOString() };
}

export function assembleReport(input: {
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
  const { address, address_info, generated_at } = reportHead(input);
  return {
    address,
    address_info,
    water_quality: input.water,
    air_quality: input.air,
    drought: input.drought,
    bathing: input.bathing,
    pollen: input.pollen,
    uv: input.uv,
    weather_warnings: input.weatherWarnings,
    radon: input.radon,
    recommendations: selectRecommendations({
      water: input.water,
      air: input.air,
      drought: input.drought,
      bathing: input.bathing,
      pollen: input.pollen,
      uv: input.uv,
      radon: input.radon,
      weatherWarnings: input.weatherWarnings,
      now: input.now,
    }),
    generated_at,
  };
}
