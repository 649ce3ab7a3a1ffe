// The drought section on the server: its answer's schema in the API and its read for one address.
import { defineServerSection } from "../../server/services/section-loader.ts";
import { evaluateDrought } from "./index.ts";
import { loadCommuneData } from "../../server/services/commune-data.ts";
import { droughtSchema } from "./schema.server.ts";

export const droughtServerSection = defineServerSection({
  key: "drought",
  field: "drought",
  schema: droughtSchema,
  load: async ({ sources }, { address, now }) => {
    const { zones } = await loadCommuneData(sources, { citycode: address.citycode, now, point: address, needs: { water: false, drought: true, air: false } });
    return evaluateDrought({ zones, now, citycode: address.citycode });
  },
});
