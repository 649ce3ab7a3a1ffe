// The water section on the server: its answer's schema in the API and its read for one address.
import { defineServerSection } from "../../server/services/section-loader.ts";
import { evaluateWaterQuality, withWaterHistory } from "./index.ts";
import { loadCommuneData, selectWater } from "../../server/services/commune-data.ts";
import { waterQualitySchema } from "./schema.server.ts";

export const waterServerSection = defineServerSection({
  key: "water",
  field: "water_quality",
  schema: waterQualitySchema,
  load: async ({ sources }, { address, udiCode, now }) => {
    const { water } = await loadCommuneData(sources, { citycode: address.citycode, now, point: address, needs: { water: true, drought: false, air: false } });
    const selected = selectWater(water, udiCode, now);
    return withWaterHistory(evaluateWaterQuality({ ...selected, now }), selected.results, now);
  },
});
