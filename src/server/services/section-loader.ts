// What the server knows of a section besides its presentation: the schema of its answer in the API
// and how its answer is read from its sources for one address. Each section's own
// `section.server.ts` gives one; src/sections/registry.server.ts lists them in the cards' order.
import type * as z from "zod";
import type { Address } from "../../core/types.ts";
import type { AppDeps } from "../deps.ts";

export interface SectionLoadInput {
  /** with the BAN's former commune (`oldcitycode`, `oldcity`) when it named one */
  address: Address;
  /** the network the person chose, when the commune has several */
  udiCode?: string | undefined;
  now: Date;
  /** work that may finish after the answer (a slow portal's read, kept for the next report) */
  defer?: ((task: Promise<unknown>) => void) | undefined;
}

export type SectionLoadDeps = Pick<AppDeps, "sources" | "cache" | "config" | "clock" | "log">;

export interface ServerSection<Field extends string = string, Answer = unknown> {
  /** the section's key in the registry (src/sections/registry.ts) */
  key: string;
  /** its field in a report */
  field: Field;
  /** its answer in the public API, registered as a component of the OpenAPI document */
  schema: z.ZodType<Answer>;
  /** its answer for one address; fails soft: a source that cannot be read makes the answer say so, never throws */
  load(deps: SectionLoadDeps, input: SectionLoadInput): Promise<Answer>;
}

/** Keeps the field's literal type, so that the report's schema knows each section's field. */
export const defineServerSection = <const Field extends string, Answer>(section: ServerSection<Field, Answer>) => section;
