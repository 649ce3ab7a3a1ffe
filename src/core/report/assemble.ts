import { recommendationsOfReport } from "../recommendations/select.ts";
import { departmentCodeOf, departmentNameOf, toCommuneCode } from "../shared/commune.ts";
import type { Address, AddressInfo, Report } from "../types.ts";
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

/** A report from its head and each section's answer by its field (src/sections/registry.ts): the recommendations are built from them. */
export function assembleReport(input: { address: Address; addressInfo: AddressInfo; sections: Record<string, unknown>; now: Date }): Report {
  const { address, address_info, generated_at } = reportHead(input);
  const sections = input.sections as Partial<Report>;
  return { address, address_info, ...sections, recommendations: recommendationsOfReport(sections, input.now), generated_at } as Report;
}
