/**
 * The kept branches' storage: cache.db migration 7 moves the branches of the old query-cache answer
 * into their table, and the bounding box a search reads holds every point within the radius
 * (checked against the great-circle rule of api/geo-distance.ts, near the poles and across the
 * antimeridian too).
 */
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { haversineKm } from '../../../api/geo-distance';
import { type BoundingBox, boundingBox } from '../../../main/core/areas/branches/bounding-box';
import { migrate } from '../../../main/core/cache/database';
import { migrations } from '../../../main/core/cache/migrations/index';

function inBox(box: BoundingBox, latitude: number, longitude: number): boolean {
  return (
    latitude >= box.minLatitude &&
    latitude <= box.maxLatitude &&
    box.longitudes.some(([west, east]) => longitude >= west && longitude <= east)
  );
}

/** A seeded pseudo-random sequence in [0, 1) (a linear congruential generator), so failures repeat. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('kept branches', () => {
  it('migration 7 moves the branches of the old answer into their table with its time, and drops the answer', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, migrations.slice(0, 6));
    const branch = (id: string, latitude: number, longitude: number) => ({
      id,
      companyId: 'c0000000-0000-4000-8000-000000000001',
      name: `Branch ${id}`,
      kind: 'office',
      latitude,
      longitude,
    });
    const kept = { branches: { a: branch('a', 53.55, 9.99), b: branch('b', -33.9, 151.2) } };
    db.prepare('INSERT INTO query_cache (key, value, fetched_at) VALUES (?, ?, ?)').run(
      'branchesRead',
      JSON.stringify(kept),
      '2026-11-20T09:30:00.000Z',
    );
    db.prepare('INSERT INTO query_cache (key, value, fetched_at) VALUES (?, ?, ?)').run(
      'other',
      '1',
      '2026-11-20T09:30:00.000Z',
    );
    migrate(db, migrations.slice(0, 7));
    expect(db.pragma('user_version', { simple: true })).toBe(7);
    const rows = db
      .prepare('SELECT id, company_id, latitude, longitude, kind, branch, read_at FROM kept_branches ORDER BY id')
      .all() as Array<Record<string, unknown>>;
    expect(rows).toEqual(
      Object.values(kept.branches).map((b) => ({
        id: b.id,
        company_id: b.companyId,
        latitude: b.latitude,
        longitude: b.longitude,
        kind: b.kind,
        branch: JSON.stringify(b),
        read_at: '2026-11-20T09:30:00.000Z',
      })),
    );
    expect(db.prepare('SELECT key FROM query_cache').pluck().all()).toEqual(['other']);
  });

  it('reads a box that holds every point within the radius, wherever the centre is', () => {
    const random = seeded(7);
    const centres = [
      { latitude: 35.6, longitude: -82.55 },
      { latitude: 0, longitude: 179.9 },
      { latitude: -10, longitude: -179.5 },
      { latitude: 89.2, longitude: 20 },
      { latitude: -88.5, longitude: -60 },
      { latitude: 64, longitude: -150 },
    ];
    for (const centre of centres) {
      for (const radiusKm of [0.5, 25, 250, 1500, 6000, 15_000]) {
        const box = boundingBox(centre, radiusKm);
        for (let i = 0; i < 2000; i++) {
          const latitude = random() * 180 - 90;
          const longitude = random() * 360 - 180;
          if (haversineKm(centre.latitude, centre.longitude, latitude, longitude) <= radiusKm) {
            expect(
              inBox(box, latitude, longitude),
              `${latitude},${longitude} from ${JSON.stringify(centre)} within ${radiusKm} km`,
            ).toBe(true);
          }
        }
        // Points on the circle itself (bearings all round) are in the box too.
        for (let bearing = 0; bearing < 360; bearing += 5) {
          const [latitude, longitude] = destination(centre, radiusKm * 0.999_999, bearing);
          expect(inBox(box, latitude, longitude)).toBe(true);
        }
      }
    }
  });

  it('reads only a narrow band for a small radius away from the poles', () => {
    const box = boundingBox({ latitude: 35.6, longitude: -82.55 }, 250);
    expect(box.maxLatitude - box.minLatitude).toBeLessThan(4.6);
    expect(box.longitudes).toHaveLength(1);
    expect(box.longitudes[0][1] - box.longitudes[0][0]).toBeLessThan(5.6);
    expect(boundingBox({ latitude: 0, longitude: 179.9 }, 100).longitudes).toHaveLength(2);
  });
});

/** The point `km` from `from` along the initial `bearing` (degrees from north), on the same sphere. */
function destination(from: { latitude: number; longitude: number }, km: number, bearing: number): [number, number] {
  const rad = Math.PI / 180;
  const d = km / 6371.0088;
  const φ1 = from.latitude * rad;
  const θ = bearing * rad;
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(θ));
  const λ2 =
    from.longitude * rad +
    Math.atan2(Math.sin(θ) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
  const longitude = ((((λ2 / rad + 180) % 360) + 360) % 360) - 180;
  return [φ2 / rad, longitude];
}
