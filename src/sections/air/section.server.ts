// The air section on the server: its answer's schema in the API and its read for one address.
import { defineServerSection } from "../../server/services/section-loader.ts";
import { evaluateAirQuality } from "./index.ts";
import { loadCommuneData } from "../../server/services/commune-data.ts";
import { airQualitySchema } from "./schema.server.ts";

export const airServerSection = defineServerSection({
  key: "air",
  field: "air_quality",
  schema: airQualitySchema,
  load: async ({ sources }, { address, now }) => {
    const [{ air: indices }, cams] = await Promise.all([
      loadCommuneData(sources, { citycode: address.citycode, now, point: address, needs: { water: false, drought: false, air: true } }),
      sources.fetchCamsEstimate({ lat: address.latitude, lon: address.longitude, citycode: address.citycode }),
    ]);
    return evaluateAirQuality({ atmo: indices.atmo, cams, now, citycode: address.citycode, epci: indices.epci });
  },
});
