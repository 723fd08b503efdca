/**
 * The Branch Locator's map (Leaflet): the offline base map of country shapes (base-map.ts) drawn as
 * a vector layer, the search point with its radius, and one marker per branch found. Markers are
 * keyboard-focusable buttons named after their branch and distance; Enter, Space or a click chooses the
 * branch in the list. A click on the map elsewhere makes that point the search point. No tile
 * service is asked, so the map works without a network and within the renderer's Content Security
 * Policy (docs/SECURITY.md): Leaflet draws with SVG and sets styles through the DOM, never inline
 * style attributes. The list stays the primary way to use the locator; the map repeats it.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import type { LocatedBranch } from '../../../../preload/contract';
import { countryShapes } from './base-map';
import { formatDistance } from './branch-words';

/** A point on the map (WGS 84 degrees). */
export interface MapPoint {
  latitude: number;
  longitude: number;
}

export interface LocatorMapProps {
  centre: MapPoint | null;
  radiusKm: number;
  items: LocatedBranch[];
  selectedId: string | null;
  /** A branch's marker was chosen (click or Enter). */
  onChoose(id: string): void;
  /** The map was clicked outside a marker: search from there. */
  onPick(point: MapPoint): void;
}

/** True when this browser can draw the map's vector layers. */
export function canDrawMap(): boolean {
  return L.Browser.svg || L.Browser.canvas;
}

/** Longitude brought into [-180, 180] (the map repeats the world sideways). */
function wrapLongitude(longitude: number): number {
  return ((((longitude + 180) % 360) + 360) % 360) - 180;
}

/** Renders the map. */
export function LocatorMap({ centre, radiusKm, items, selectedId, onChoose, onPick }: LocatorMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const search = useRef<L.LayerGroup | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);
  const handlers = useRef({ onChoose, onPick });
  handlers.current = { onChoose, onPick };

  useEffect(() => {
    if (!container.current || !canDrawMap()) return;
    const created = L.map(container.current, {
      center: [30, 0],
      zoom: 2,
      minZoom: 1,
      maxZoom: 14,
      worldCopyJump: true,
      attributionControl: true,
    });
    created.attributionControl.setPrefix(false);
    L.geoJSON(countryShapes(), {
      style: { className: 'locator-country', weight: 0.7 },
      interactive: false,
      attribution: 'Countries: Natural Earth',
    }).addTo(created);
    search.current = L.layerGroup().addTo(created);
    markers.current = L.layerGroup().addTo(created);
    created.on('click', (event: L.LeafletMouseEvent) =>
      handlers.current.onPick({ latitude: event.latlng.lat, longitude: wrapLongitude(event.latlng.lng) }),
    );
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
      search.current = null;
      markers.current = null;
    };
  }, []);

  // The search point and its radius; the view fits the radius.
  useEffect(() => {
    const layers = search.current;
    const current = map.current;
    if (!layers || !current) return;
    layers.clearLayers();
    if (!centre) return;
    const circle = L.circle([centre.latitude, centre.longitude], {
      radius: radiusKm * 1000,
      className: 'locator-radius',
      interactive: false,
    }).addTo(layers);
    L.marker([centre.latitude, centre.longitude], {
      icon: L.divIcon({ className: 'locator-centre', iconSize: [16, 16] }),
      keyboard: false,
      interactive: false,
    }).addTo(layers);
    current.invalidateSize();
    current.fitBounds(circle.getBounds(), { maxZoom: 12, animate: false });
  }, [centre, radiusKm]);

  // One marker per branch found, numbered as in the list.
  useEffect(() => {
    const layers = markers.current;
    if (!layers) return;
    layers.clearLayers();
    for (const [index, item] of items.entries()) {
      const { branch } = item.row;
      const label = `${index + 1}. ${branch.name}, ${formatDistance(item.distanceKm)} away`;
      const selected = branch.id === selectedId;
      const marker = L.marker([branch.latitude, branch.longitude], {
        icon: L.divIcon({
          className: `locator-marker${selected ? ' locator-marker-selected' : ''}`,
          html: `<span aria-hidden="true">${index + 1}</span>`,
          iconSize: [24, 24],
        }),
        title: label,
        keyboard: true,
        riseOnHover: true,
        zIndexOffset: selected ? 1000 : 0,
      });
      marker.on('click', () => handlers.current.onChoose(branch.id));
      marker.addTo(layers);
      const element = marker.getElement();
      element?.setAttribute('aria-label', label);
      if (selected) element?.setAttribute('aria-current', 'true');
      // A marker is a button (role="button"): Enter and Space choose it, as they would a button.
      element?.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        handlers.current.onChoose(branch.id);
      });
    }
  }, [items, selectedId]);

  if (!canDrawMap()) {
    return <p className="muted locator-map-missing">The map cannot be drawn here; the list has every branch found.</p>;
  }
  return <div ref={container} className="locator-map" />;
}
