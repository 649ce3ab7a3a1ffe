// The weather section on the server: its answer's schema in the API and its read for one address.
import { defineServerSection } from "../../server/services/section-loader.ts";
import { evaluateWeatherWarnings } from "./evaluate.ts";
import { weatherWarningsSchema } from "./schema.server.ts";

export const weatherServerSection = defineServerSection({
  key: "weather",
  field: "weather_warnings",
  schema: weatherWarningsSchema,
  load: async ({ sources }, { address, now }) => evaluateWeatherWarnings({ bulletin: await sources.fetchVigilance(), now, citycode: address.citycode }),
});
