import type { SourceRef } from "../types.ts";

// The official sources each section cites. Names are shown on the cards, the PDF and the emails.

export const HUBEAU_SOURCE: SourceRef = {
  name: "Contrôle sanitaire des ARS (Hub'Eau)",
  url: "https://hubeau.eaufrance.fr/page/api-qualite-eau-potable",
  publisher: "Ministère chargé de la santé et agences régionales de santé",
};

export const ATMO_SOURCE: SourceRef = {
  name: "Indice ATMO (Atmo France et associations agréées)",
  url: "https://www.atmo-france.org/",
  publisher: "Atmo France et associations agréées de surveillance de la qualité de l'air",
};

export const CAMS_SOURCE: SourceRef = {
  // Open-Meteo's data are CC BY 4.0: the attribution names and links it.
  name: "Copernicus CAMS, estimation modélisée (via Open-Meteo.com, CC BY 4.0)",
  url: "https://open-meteo.com/en/docs/air-quality-api",
  publisher: "Copernicus Atmosphere Monitoring Service (Union européenne)",
};

/** Open-Meteo's home page: the link its CC BY attribution asks for beside the model's values. */
export const OPEN_METEO_ATTRIBUTION_URL = "https://open-meteo.com/";

export const VIGIEAU_SOURCE: SourceRef = {
  name: "VigiEau",
  url: "https://vigieau.gouv.fr/",
  publisher: "Ministère de la Transition écologique",
};
