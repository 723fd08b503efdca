/**
 * The offline base map of the Branch Locator: the countries and coastlines of Natural Earth
 * (public domain, 1:50m), as TopoJSON from the `world-atlas` package, turned into GeoJSON once
 * (RFC 7946). Bundled with the app, so the map needs no network; no tile service is asked.
 */
import type { Feature, FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import countries from 'world-atlas/countries-50m.json';

let shapes: FeatureCollection | null = null;

/** The world's country shapes as a GeoJSON FeatureCollection (computed on first use, then kept). */
export function countryShapes(): FeatureCollection {
  if (!shapes) {
    const topology = countries as unknown as Parameters<typeof feature>[0];
    shapes = feature(topology, topology.objects.countries) as FeatureCollection;
  }
  return shapes;
}

/** A country shape with its bounding box (WGS 84 degrees). */
export interface BoundedShape {
  feature: Feature;
  south: number;
  west: number;
  north: number;
  east: number;
}

let bounded: BoundedShape[] | null = null;

/** Every country shape with its bounding box (computed on first use, then kept). */
export function boundedCountryShapes(): BoundedShape[] {
  if (!bounded) {
    bounded = countryShapes().features.map((feature) => {
      const box = { feature, south: 90, west: 180, north: -90, east: -180 };
      const visit = (value: unknown): void => {
        if (!Array.isArray(value)) return;
        if (typeof value[0] === 'number') {
          const [longitude, latitude] = value as number[];
          box.south = Math.min(box.south, latitude);
          box.north = Math.max(box.north, latitude);
          box.west = Math.min(box.west, longitude);
          box.east = Math.max(box.east, longitude);
          return;
        }
        for (const inner of value) visit(inner);
      };
      if (feature.geometry && 'coordinates' in feature.geometry) visit(feature.geometry.coordinates);
      return box;
    });
  }
  return bounded;
}
