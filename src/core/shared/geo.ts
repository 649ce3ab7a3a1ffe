// Where the service answers: metropolitan France with Corsica and the overseas departments (plus
// the overseas collectivities the BAN covers). Boxes, not borders: a point in a neighbouring
// country close to the border passes, and its sources simply have no data for it.

interface Box {
  name: string;
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

const FRANCE_BOXES: readonly Box[] = [
  { name: "métropole et Corse", minLat: 41.3, maxLat: 51.15, minLon: -5.3, maxLon: 9.6 },
  { name: "Guadeloupe, Saint-Martin, Saint-Barthélemy", minLat: 15.8, maxLat: 18.15, minLon: -63.2, maxLon: -60.95 },
  { name: "Martinique", minLat: 14.35, maxLat: 14.9, minLon: -61.25, maxLon: -60.8 },
  { name: "Guyane", minLat: 2.1, maxLat: 5.8, minLon: -54.65, maxLon: -51.6 },
  { name: "La Réunion", minLat: -21.4, maxLat: -20.85, minLon: 55.2, maxLon: 55.85 },
  { name: "Mayotte", minLat: -13.05, maxLat: -12.6, minLon: 44.95, maxLon: 45.35 },
  { name: "Saint-Pierre-et-Miquelon", minLat: 46.7, maxLat: 47.15, minLon: -56.45, maxLon: -56.1 },
];

export function isInFrance(latitude: number, longitude: number): boolean {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return false;
  return FRANCE_BOXES.some((box) => latitude >= box.minLat && latitude <= box.maxLat && longitude >= box.minLon && longitude <= box.maxLon);
}
