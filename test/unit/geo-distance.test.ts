/**
 * The one distance rule of the Branch Locator (api/geo-distance.ts), used by the service and by the
 * client offline: within the radius (inclusive), nearest first, ties by id, distances to metres.
 */
import { describe, expect, it } from 'vitest';
import { haversineKm, nearestFirst, roundToMetres } from '../../api/geo-distance';

const hamburg = { latitude: 53.5511, longitude: 9.9937 };

describe('nearestFirst', () => {
  it('keeps the points within the radius, nearest first, ties broken by id', () => {
    const points = [
      { id: 'c', latitude: 52.52, longitude: 13.405 }, // Berlin, ~255 km
      { id: 'b', latitude: 53.5511, longitude: 9.9937 }, // Hamburg itself
      { id: 'a', latitude: 53.5511, longitude: 9.9937 }, // the same place: before 'b' (by id)
      { id: 'd', latitude: 48.1351, longitude: 11.582 }, // Munich, ~612 km
    ];
    const found = nearestFirst(points, hamburg, 300);
    expect(found.map((f) => f.item.id)).toEqual(['a', 'b', 'c']);
    expect(found[0].distanceKm).toBe(0);
    expect(found[2].distanceKm).toBe(roundToMetres(haversineKm(53.5511, 9.9937, 52.52, 13.405)));
  });

  it('counts a point exactly on the radius as within it, and rounds distances to metres', () => {
    const berlin = { id: 'x', latitude: 52.52, longitude: 13.405 };
    const exact = haversineKm(hamburg.latitude, hamburg.longitude, berlin.latitude, berlin.longitude);
    expect(nearestFirst([berlin], hamburg, exact)).toHaveLength(1);
    expect(nearestFirst([berlin], hamburg, exact - 0.001)).toHaveLength(0);
    expect(roundToMetres(12.34567)).toBe(12.346);
  });

  it('measures across the antimeridian the short way', () => {
    const found = nearestFirst(
      [{ id: 'fiji', latitude: -17.7, longitude: 178.1 }],
      { latitude: -17.7, longitude: -179.9 },
      300,
    );
    expect(found).toHaveLength(1);
    expect(found[0].distanceKm).toBeLessThan(220);
  });
});
