/**
 * The Branch Locator map's ground: the countries of the offline base map (base-map.ts), drawn under
 * the radius and the markers (Leaflet's tile pane), each added when it first comes near the view.
 * A search of a few hundred km draws a handful of countries when the view opens, not the world's
 * (docs/PERFORMANCE.md, the sales views); panning or zooming out adds the others as they come near.
 * Styles go through the DOM (a class name), never style attributes (docs/SECURITY.md).
 */
import L from 'leaflet';
import { boundedCountryShapes } from './base-map';

/** How far around the view countries are added beforehand, as a share of the view's size each way. */
const ahead = 0.5;

/** Adds the ground to `map`; returns a function that stops adding countries (the map is going). */
export function addGround(map: L.Map): () => void {
  const ground = L.geoJSON(undefined, {
    style: { className: 'locator-country', weight: 0.7 },
    interactive: false,
    pane: 'tilePane',
    attribution: 'Countries: Natural Earth',
  }).addTo(map);
  const waiting = new Set(boundedCountryShapes());
  const addNear = () => {
    const near = map.getBounds().pad(ahead);
    for (const shape of waiting) {
      if (near.intersects(L.latLngBounds([shape.south, shape.west], [shape.north, shape.east]))) {
        ground.addData(shape.feature);
        waiting.delete(shape);
      }
    }
    if (waiting.size === 0) map.off('moveend', addNear);
  };
  addNear();
  map.on('moveend', addNear);
  return () => map.off('moveend', addNear);
}
