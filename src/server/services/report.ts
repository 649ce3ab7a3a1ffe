import { assembleReport, deriveAddressInfo, reportHead, type ReportPart } from "../../core/report/index.ts";
import type { Address, Report } from "../../core/types.ts";
import { serverSections } from "../../sections/registry.server.ts";
import type { SectionLoadDeps } from "./section-loader.ts";

export type ReportAddress = Pick<Address, "label" | "latitude" | "longitude" | "citycode"> &
  Partial<Pick<Address, "postcode" | "city" | "context" | "type" | "score" | "oldcitycode" | "oldcity">>;

/**
 * Builds the report for one address. Every section the registry lists (src/sections/) is read at
 * once and fails soft: a failed source only marks its own section unavailable. Each section is
 * handed to `onPart` as soon as its own sources have answered (the head first: address, commune,
 * date), so that a streamed answer shows each card at the speed of its source (decision 067); the
 * whole report, with its recommendations (built from every section), is the promise's value.
 */
export async function buildReport(
  deps: SectionLoadDeps,
  input: {
    address: ReportAddress;
    udiCode?: string | undefined;
    now: Date;
    defer?: ((task: Promise<unknown>) => void) | undefined;
    onPart?: ((part: ReportPart) => void) | undefined;
  },
): Promise<Report> {
  const { now, onPart } = input;
  const address: Address = {
    label: input.address.label,
    latitude: input.address.latitude,
    longitude: input.address.longitude,
    citycode: input.address.citycode,
    postcode: input.address.postcode ?? "",
    city: input.address.city ?? "",
    context: input.address.context ?? "",
    type: input.address.type ?? "housenumber",
    score: input.address.score ?? 1,
  };
  const addressInfo = deriveAddressInfo(address);
  onPart?.(reportHead({ address, addressInfo, now }));
  // The BAN's former commune goes to the sections that read by it, not into the report's address.
  const place: Address = { ...address, oldcitycode: input.address.oldcitycode, oldcity: input.address.oldcity };
  const answers = await Promise.all(
    serverSections().map(async (section) => {
      const answer = await section.load(deps, { address: place, udiCode: input.udiCode, now, defer: input.defer });
      onPart?.({ [section.field]: answer } as ReportPart);
      return [section.field, answer] as const;
    }),
  );
  return assembleReport({ address, addressInfo, sections: Object.fromEntries(answers), now });
}
