// The pollen section on the server: its answer's schema in the API and its read for one address.
import { defineServerSection } from "../../server/services/section-loader.ts";
import { buildPollenSection } from "./load.server.ts";
import { pollenSchema } from "./schema.server.ts";

export const pollenServerSection = defineServerSection({
  key: "pollen",
  field: "pollen",
  schema: pollenSchema,
  load: (deps, { address, now }) => buildPollenSection(deps, { citycode: address.citycode, now }),
});
