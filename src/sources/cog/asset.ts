/**
 * Where the static build publishes the commune history (src/pages/donnees/communes-historique.json.ts):
 * the Worker reads it from its static assets, like the radon classification (decision 072).
 */
export const COMMUNE_HISTORY_ASSET_PATH = "/donnees/communes-historique.json";
