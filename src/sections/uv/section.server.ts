// The uv section on the server: its answer's schema in the API and its read for one address.
import { defineServerSection } from "../../server/services/section-loader.ts";
import { evaluateUv } from "./evaluate.ts";
import { uvSchema } from "./schema.server.ts";

export const uvServerSection = defineServerSection({
  key: "uv",
  field: "uv",
  schema: uvSchema,
  load: async ({ sources }, { address, now }) =>
    evaluateUv({
      forecast: await sources.fetchUvForecast({ lat: address.latitude, lon: address.longitude, citycode: address.citycode }),
      now,
      citycode: address.citycode,
    }),
});
