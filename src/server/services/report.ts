import { assembleReport, deriveAddressInfo, reportHead, type ReportPart } from "../../core/report/index.ts";
import type { Address, Report } from "../../core/types.ts";
import { serverSections } from "../../sections/registry.server.ts";
import type { SectionLoadDeps } from "./section-loader.ts";
import type { Sources } from "./sources.ts";

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
      const dated = datedSources(deps.sources);
      const read = await section.load({ ...deps, sources: dated.sources }, { address: place, udiCode: input.udiCode, now, defer: input.defer });
      // Served from a last good answer our budget kept (decision 088): the section says its date.
      const asOf = dated.oldestAsOf();
      const answer = asOf !== undefined && isReadSection(read) ? { ...read, data_as_of: asOf } : read;
      onPart?.({ [section.field]: answer } as ReportPart);
      return [section.field, answer] as const;
    }),
  );
  return assembleReport({ address, addressInfo, sections: Object.fromEntries(answers), now });
}

const isReadSection = (answer: unknown): answer is { success: true } =>
  typeof answer === "object" && answer !== null && (answer as { success?: unknown }).success === true;

/**
 * The sources as one section reads them, noting the oldest last good answer it was given instead of
 * a new read (`asOf`: our budget refused the call, decision 088), so that the section can say
 * « Données du … ». Every other property is the sources' own.
 */
function datedSources(sources: Sources): { sources: Sources; oldestAsOf: () => string | undefined } {
  let oldest: string | undefined;
  const note = (result: unknown) => {
    if (typeof result !== "object" || result === null) return;
    const asOf = (result as { ok?: unknown; asOf?: unknown }).asOf;
    if ((result as { ok?: unknown }).ok === true && typeof asOf === "string" && (oldest === undefined || asOf < oldest)) oldest = asOf;
  };
  const dated = new Proxy(sources, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const out: unknown = (value as (...parameters: unknown[]) => unknown).apply(target, args);
        if (!(out instanceof Promise)) return out;
        return out.then((result: unknown) => {
          note(result);
          return result;
        });
      };
    },
  });
  return { sources: dated, oldestAsOf: () => oldest };
}
