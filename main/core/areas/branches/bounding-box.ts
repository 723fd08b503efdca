/**
 * A latitude/longitude box that surely holds every point within a great-circle radius of a centre,
 * on the same sphere as api/geo-distance.ts (the rule of `Branch Locator`, api/openapi.yaml). It
 * only narrows what is read from the kept branches; the exact radius test and the order stay
 * `nearestFirst`'s. Positions are WGS 84 decimal degrees; the radius is km.
 */
import { earthRadiusKm } from '../../../../api/geo-distance';

/** Latitudes and longitudes a search reads (degrees, inclusive). */
export interface BoundingBox {
  minLatitude: number;
  maxLatitude: number;
  /**
   * Longitude ranges, [west, east] each (one, or two when the box crosses the antimeridian); one
   * range [-180, 180] when every longitude may be within the radius (a pole within the radius).
   */
  longitudes: Array<[number, number]>;
}

/** Added to every side, degrees (about 11 m): floating-point rounding never drops a point on the edge. */
const marginDegrees = 1e-4;

const deg = 180 / Math.PI;

/**
 * The box around (latitude, longitude) holding every point within `radiusKm`. The latitude reach is
 * the angular radius itself; the longitude reach is the widest the circle gets, asin(sin r / cos φ),
 * which needs no pole within the radius (else every longitude is in).
 */
export function boundingBox(centre: { latitude: number; longitude: number }, radiusKm: number): BoundingBox {
  const angular = radiusKm / earthRadiusKm;
  const reach = angular * deg + marginDegrees;
  const minLatitude = Math.max(-90, centre.latitude - reach);
  const maxLatitude = Math.min(90, centre.latitude + reach);
  const ratio = Math.sin(angular) / Math.cos(centre.latitude / deg);
  if (minLatitude <= -90 || maxLatitude >= 90 || angular >= Math.PI / 2 || !(ratio < 1)) {
    return { minLatitude, maxLatitude, longitudes: [[-180, 180]] };
  }
  const spread = Math.asin(ratio) * deg + marginDegrees;
  const west = centre.longitude - spread;
  const east = centre.longitude + spread;
  if (west < -180)
    return {
      minLatitude,
      maxLatitude,
      longitudes: [
        [west + 360, 180],
        [-180, east],
      ],
    };
  if (east > 180)
    return {
      minLatitude,
      maxLatitude,
      longitudes: [
        [west, 180],
        [-180, east - 360],
      ],
    };
  return { minLatitude, maxLatitude, longitudes: [[west, east]] };
}
