/**
 * Where the static build publishes the bathing data set (src/pages/donnees/baignades.json.ts):
 * the Worker reads it from its static assets instead of carrying 0.7 MB in its bundle (decision 065).
 */
export const BATHING_DATASET_ASSET_PATH = "/donnees/baignades.json";
