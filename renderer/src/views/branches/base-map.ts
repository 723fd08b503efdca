/**
 * The offline base map of the Branch Locator: the countries and coastlines of Natural Earth
 * (public domain, 1:50m), as TopoJSON from the `world-atlas` package, turned into GeoJSON once
 * (RFC 7946). Bundled with the app, so the map needs no network; no tile service is asked.
 */
import type { FeatureCollection } from 'geojson';
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
