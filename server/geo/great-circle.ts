/**
 * Great-circle distances on a spherical Earth, for the branch locator. Positions are WGS 84 decimal
 * degrees; distances are km. The sphere has the IUGG mean Earth radius R1 = 6371.0088 km (Moritz,
 * "Geodetic Reference System 1980"), which keeps the error under 0.5 % against the ellipsoid.
 */

import { earthRadiusKm } from '../../api/geo-distance';

/** The distance rule shared with the client (api/geo-distance.ts). */
export { earthRadiusKm, haversineKm } from '../../api/geo-distance';

const rad = Math.PI / 180;

/**
 * A latitude/longitude box that contains every point within a radius of a centre. Longitude ranges
 * are a list: one range normally, two when the box crosses the antimeridian (±180°), and the whole
 * circle when the radius reaches a pole.
 */
export interface BoundingBox {
  minLat: number;
  maxLat: number;
  /** Inclusive longitude ranges [min, max], degrees; a point is inside when it is in any of them. */
  lonRanges: Array<[number, number]>;
}

/**
 * The smallest latitude/longitude box around the circle of `radiusKm` around (lat, lon), after
 * J. P. Matuschek, "Finding Points Within a Distance of a Latitude/Longitude Using Bounding
 * Coordinates" (2010). Used as an index prefilter; the exact test is haversineKm.
 */
export function boundingBox(lat: number, lon: number, radiusKm: number): BoundingBox {
  const angular = radiusKm / earthRadiusKm;
  const latR = lat * rad;
  const minLatR = latR - angular;
  const maxLatR = latR + angular;
  if (minLatR <= -Math.PI / 2 || maxLatR >= Math.PI / 2) {
    return {
      minLat: Math.max(-90, minLatR / rad),
      maxLat: Math.min(90, maxLatR / rad),
      lonRanges: [[-180, 180]],
    };
  }
  const dLon = Math.asin(Math.min(1, Math.sin(angular) / Math.cos(latR))) / rad;
  const minLon = lon - dLon;
  const maxLon = lon + dLon;
  let lonRanges: Array<[number, number]>;
  if (dLon >= 180) lonRanges = [[-180, 180]];
  else if (minLon < -180)
    lonRanges = [
      [minLon + 360, 180],
      [-180, maxLon],
    ];
  else if (maxLon > 180)
    lonRanges = [
      [minLon, 180],
      [-180, maxLon - 360],
    ];
  else lonRanges = [[minLon, maxLon]];
  return { minLat: minLatR / rad, maxLat: maxLatR / rad, lonRanges };
}
