/**
 * Great-circle distances on a spherical Earth, the one rule both the reference service's
 * `Branch Locator` and the client's offline locator use (api/openapi.yaml, `branchLocator`:
 * "haversine formula on a sphere of the mean Earth radius, 6371.0088 km"). Positions are WGS 84
 * decimal degrees; distances are km.
 */

/** Mean Earth radius, km (IUGG R1 = 6371.0088 km, Moritz, "Geodetic Reference System 1980"). */
export const earthRadiusKm = 6371.0088;

const rad = Math.PI / 180;

/**
 * Haversine great-circle distance between two points, km (R. W. Sinnott, "Virtues of the
 * Haversine", Sky and Telescope 68 (2), 1984). Latitudes in [-90, 90], longitudes in [-180, 180].
 */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A distance in km rounded to metres, as `Branch Locator` answers `distanceKm` (three decimals). */
export function roundToMetres(km: number): number {
  return Math.round(km * 1000) / 1000;
}

/** A point with a position and an id (the tie-breaker). */
export interface Located {
  id: string;
  latitude: number;
  longitude: number;
}

/**
 * The points within `radiusKm` of (latitude, longitude), nearest first, ties by id — the order of
 * `Branch Locator` (api/openapi.yaml) — each with its distance rounded to metres. The radius test
 * and the order use the exact distance, as the service does.
 */
export function nearestFirst<T extends Located>(
  points: Iterable<T>,
  centre: { latitude: number; longitude: number },
  radiusKm: number,
): Array<{ distanceKm: number; item: T }> {
  const found: Array<{ exact: number; item: T }> = [];
  for (const item of points) {
    const exact = haversineKm(centre.latitude, centre.longitude, item.latitude, item.longitude);
    if (exact <= radiusKm) found.push({ exact, item });
  }
  found.sort((a, b) => a.exact - b.exact || (a.item.id < b.item.id ? -1 : a.item.id > b.item.id ? 1 : 0));
  return found.map(({ exact, item }) => ({ distanceKm: roundToMetres(exact), item }));
}
