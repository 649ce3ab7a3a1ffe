/**
 * Where the static build publishes the commune history (src/pages/donnees/communes-historique.json.ts):
 * the Worker reads it from its static assets instead of carrying it in its bundle (decisions 072, 080).
 */
export const COMMUNE_HISTORY_ASSET_PATH = "/donnees/communes-historique.json";
