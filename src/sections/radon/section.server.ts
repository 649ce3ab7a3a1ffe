// The radon section on the server: its answer's schema in the API and its read for one address.
import { defineServerSection } from "../../server/services/section-loader.ts";
import { buildRadonSection } from "./load.server.ts";
import { radonSchema } from "./schema.server.ts";

export const radonServerSection = defineServerSection({
  key: "radon",
  field: "radon",
  schema: radonSchema,
  load: (deps, { address }) =>
    buildRadonSection(deps, {
      citycode: address.citycode,
      cityName: address.city,
      oldcitycode: address.oldcitycode,
      oldcity: address.oldcity,
      latitude: address.latitude,
      longitude: address.longitude,
    }),
});
