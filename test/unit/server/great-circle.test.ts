/** Great-circle distance and the locator's bounding box. */
import { describe, expect, it } from 'vitest';
import { boundingBox, earthRadiusKm, haversineKm } from '../../../server/geo/great-circle';

const berlin = [52.52, 13.405] as const;
const hamburg = [53.5511, 9.9937] as const;
const sydney = [-33.8688, 151.2093] as const;
const london = [51.5074, -0.1278] as const;

describe('haversineKm', () => {
  it('measures known city distances', () => {
    expect(haversineKm(...berlin, ...hamburg)).toBeCloseTo(255.3, 0);
    expect(haversineKm(...london, ...berlin)).toBeCloseTo(931.6, 0);
    expect(haversineKm(...london, ...sydney)).toBeGreaterThan(16_980);
    expect(haversineKm(...london, ...sydney)).toBeLessThan(17_000);
  });

  it('is zero at the same point, symmetric, and half the circumference between antipodes', () => {
    expect(haversineKm(...berlin, ...berlin)).toBe(0);
    expect(haversineKm(...berlin, ...hamburg)).toBe(haversineKm(...hamburg, ...berlin));
    expect(haversineKm(0, 0, 0, 180)).toBeCloseTo(Math.PI * earthRadiusKm, 6);
    expect(haversineKm(90, 0, -90, 0)).toBeCloseTo(Math.PI * earthRadiusKm, 6);
  });

  it('crosses the antimeridian the short way', () => {
    expect(haversineKm(0, 179.5, 0, -179.5)).toBeCloseTo((Math.PI / 180) * earthRadiusKm, 6);
  });
});

/** True when (lat, lon) lies in the box. */
function inside(box: ReturnType<typeof boundingBox>, lat: number, lon: number): boolean {
  return lat >= box.minLat && lat <= box.maxLat && box.lonRanges.some(([min, max]) => lon >= min && lon <= max);
}

describe('boundingBox', () => {
  it('contains every point within the radius (sampled on the circle) and is one range away from the edges', () => {
    const box = boundingBox(...berlin, 300);
    expect(box.lonRanges).toHaveLength(1);
    expect(inside(box, ...hamburg)).toBe(true);
    expect(inside(box, ...london)).toBe(false);
    for (let bearing = 0; bearing < 360; bearing += 5) {
      const b = (bearing * Math.PI) / 180;
      const d = 299.9 / earthRadiusKm;
      const lat1 = (berlin[0] * Math.PI) / 180;
      const lon1 = (berlin[1] * Math.PI) / 180;
      const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
      const lon2 =
        lon1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
      expect(inside(box, (lat2 * 180) / Math.PI, (lon2 * 180) / Math.PI)).toBe(true);
    }
  });

  it('splits into two longitude ranges across the antimeridian', () => {
    const box = boundingBox(-17.7, 179.9, 200);
    expect(box.lonRanges).toHaveLength(2);
    expect(inside(box, -17.7, -179.5)).toBe(true);
    expect(inside(box, -17.7, 178.5)).toBe(true);
    expect(inside(box, -17.7, 177.5)).toBe(false);
    expect(inside(box, -17.7, 0)).toBe(false);
  });

  it('spans every longitude when the circle reaches a pole', () => {
    const box = boundingBox(89, 10, 500);
    expect(box.lonRanges).toEqual([[-180, 180]]);
    expect(box.maxLat).toBe(90);
    expect(boundingBox(0, 0, 20_000).lonRanges).toEqual([[-180, 180]]);
  });
});
