// The bathing section on the server: its answer's schema in the API and its read for one address.
import { defineServerSection } from "../../server/services/section-loader.ts";
import { buildBathingSection } from "../../server/services/bathing.ts";
import { bathingSchema } from "./schema.server.ts";

export const bathingServerSection = defineServerSection({
  key: "bathing",
  field: "bathing",
  schema: bathingSchema,
  load: (deps, { address, defer }) => buildBathingSection(deps, { latitude: address.latitude, longitude: address.longitude, mode: "report", defer }),
});
