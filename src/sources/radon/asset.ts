/**
 * Where the static build publishes the radon classification (src/pages/donnees/radon.json.ts): the
 * Worker reads it from its static assets instead of carrying 0.3 MB in its bundle (decision 072).
 */
export const RADON_DATASET_ASSET_PATH = "/donnees/radon.json";
