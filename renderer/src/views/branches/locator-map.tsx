/**
 * The Branch Locator's map (Leaflet): the offline base map of country shapes (base-map.ts,
 * ground-layer.ts) drawn as a vector layer, the search point with its radius, and the branches found:
 * - the nearest `numberedMarkers` as numbered markers, numbered as in the list: keyboard-focusable
 *   buttons named after their branch and distance; Enter, Space or a click chooses the branch;
 * - the others (up to `maxLocated` in all) as small dots: filled circles in the accent colour with a
 *   white rim, all drawn on one canvas (one element for all of them, so a search of a thousand
 *   branches paints and pans at once: docs/PERFORMANCE.md, the sales views). A click on a dot chooses
 *   its branch; dots carry no name and take no focus: the list names every branch and is reached
 *   with the keyboard. The chosen branch's marker or dot shows in the warning colour.
 * Choosing another branch restyles only the two markers concerned; a new answer redraws them all,
 * unless it lists the same branches at the same places (a background refresh that changed nothing).
 * A click on the map elsewhere makes that point the search point. No tile service is asked, so the
 * map works without a network and within the renderer's Content Security Policy (docs/SECURITY.md):
 * Leaflet draws with SVG and canvas and sets styles through the DOM, never inline style attributes.
 * The list stays the primary way to use the locator; the map repeats it.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef } from 'react';
import type { LocatedBranch } from '../../../../preload/contract';
import { formatDistance } from './branch-words';
import { addGround } from './ground-layer';
import { numberedMarkers } from './locator-markers';

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

/** Radius of a dot, px (the chosen one: `chosenDotPx`). */
const dotPx = 4;
const chosenDotPx = 7;

/** The colours of the dots: fill, the chosen one's fill, rim. */
interface DotColours {
  fill: string;
  chosen: string;
  rim: string;
}

/** The dots' colours before the map's element can be read: those of renderer/src/styles/base.css. */
const baseColours: DotColours = { fill: '#2457c5', chosen: '#9a5b00', rim: '#ffffff' };

/** The design tokens the canvas draws with (--accent, --warning, --surface), read from the map's element. */
function dotColours(element: HTMLElement): DotColours {
  const style = getComputedStyle(element);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    fill: token('--accent', baseColours.fill),
    chosen: token('--warning', baseColours.chosen),
    rim: token('--surface', baseColours.rim),
  };
}

/** How the map fits a search's radius: no closer than zoom 12, at once. */
const fitOptions: L.FitBoundsOptions = { maxZoom: 12, animate: false };

/** The box around a search's radius (its diameter, m, each way), which the map fits. */
function radiusBounds(centre: MapPoint, radiusKm: number): L.LatLngBounds {
  return L.latLng(centre.latitude, centre.longitude).toBounds(radiusKm * 2000);
}

/** Chooses the branch of that id (the list follows). */
type Choose = (id: string) => void;

/** A drawn branch: a numbered marker or a dot. */
type Drawn = { kind: 'numbered'; marker: L.Marker } | { kind: 'dot'; dot: L.CircleMarker };

/** A numbered, focusable marker for the branch at `index` of the list. */
function numberedMarker(item: LocatedBranch, index: number, layers: L.LayerGroup, choose: Choose): Drawn {
  const { branch } = item.row;
  const label = `${index + 1}. ${branch.name}, ${formatDistance(item.distanceKm)} away`;
  const marker = L.marker([branch.latitude, branch.longitude], {
    icon: L.divIcon({
      className: 'locator-marker',
      html: `<span aria-hidden="true">${index + 1}</span>`,
      iconSize: [24, 24],
    }),
    title: label,
    keyboard: true,
    riseOnHover: true,
  });
  marker.on('click', () => choose(branch.id));
  marker.addTo(layers);
  const element = marker.getElement();
  element?.setAttribute('aria-label', label);
  // A marker is a button (role="button"): Enter and Space choose it, as they would a button.
  element?.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    choose(branch.id);
  });
  return { kind: 'numbered', marker };
}

/** A dot on the shared canvas for a branch beyond the numbered ones; a click chooses it. */
function dotOf(
  item: LocatedBranch,
  renderer: L.Canvas,
  layers: L.LayerGroup,
  colours: DotColours,
  choose: Choose,
): Drawn {
  const { branch } = item.row;
  const dot = L.circleMarker([branch.latitude, branch.longitude], {
    renderer,
    radius: dotPx,
    weight: 1,
    color: colours.rim,
    fillColor: colours.fill,
    fillOpacity: 0.9,
    bubblingMouseEvents: false,
  });
  dot.on('click', (event: L.LeafletMouseEvent) => {
    // The click chooses the branch and goes no further: the map would search from that point.
    event.originalEvent.stopPropagation();
    choose(branch.id);
  });
  dot.addTo(layers);
  return { kind: 'dot', dot };
}

/** Shows a drawn branch as chosen or not. */
function restyle(target: Drawn, chosen: boolean, colours: DotColours): void {
  if (target.kind === 'numbered') {
    const element = target.marker.getElement();
    element?.classList.toggle('locator-marker-selected', chosen);
    if (chosen) element?.setAttribute('aria-current', 'true');
    else element?.removeAttribute('aria-current');
    target.marker.setZIndexOffset(chosen ? 1000 : 0);
    return;
  }
  target.dot.setStyle({
    radius: chosen ? chosenDotPx : dotPx,
    fillColor: chosen ? colours.chosen : colours.fill,
    weight: chosen ? 2 : 1,
  });
  if (chosen) target.dot.bringToFront();
}

/** Renders the map. */
export function LocatorMap({ centre, radiusKm, items, selectedId, onChoose, onPick }: LocatorMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const search = useRef<L.LayerGroup | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);
  const dots = useRef<L.Canvas | null>(null);
  const colours = useRef(baseColours);
  const drawn = useRef(new Map<string, Drawn>());
  const shownSelected = useRef<string | null>(null);
  const selectedRef = useRef(selectedId);
  selectedRef.current = selectedId;
  const handlers = useRef({ onChoose, onPick });
  handlers.current = { onChoose, onPick };

  // The map opens on the search's radius when there is one (a view opened again), before the
  // countries are added (ground-layer.ts): only those near that view are drawn at first.
  const opening = useRef({ centre, radiusKm });
  useEffect(() => {
    if (!container.current || !canDrawMap()) return;
    const created = L.map(container.current, {
      minZoom: 1,
      maxZoom: 14,
      worldCopyJump: true,
      attributionControl: true,
    });
    const first = opening.current;
    if (first.centre) created.fitBounds(radiusBounds(first.centre, first.radiusKm), fitOptions);
    else created.setView([30, 0], 2);
    created.attributionControl.setPrefix(false);
    const stopGround = addGround(created);
    search.current = L.layerGroup().addTo(created);
    markers.current = L.layerGroup().addTo(created);
    dots.current = L.canvas();
    colours.current = dotColours(container.current);
    created.on('click', (event: L.LeafletMouseEvent) =>
      handlers.current.onPick({ latitude: event.latlng.lat, longitude: wrapLongitude(event.latlng.lng) }),
    );
    map.current = created;
    return () => {
      stopGround();
      created.remove();
      map.current = null;
      search.current = null;
      markers.current = null;
      dots.current = null;
      drawn.current.clear();
    };
  }, []);

  // The search point and its radius; the view fits the radius.
  useEffect(() => {
    const layers = search.current;
    const current = map.current;
    if (!layers || !current) return;
    layers.clearLayers();
    if (!centre) return;
    L.circle([centre.latitude, centre.longitude], {
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
    current.fitBounds(radiusBounds(centre, radiusKm), fitOptions);
  }, [centre, radiusKm]);

  // What the markers show: a new answer listing the same branches at the same places draws nothing anew.
  const shown = useMemo(
    () => ({
      items,
      signature: items
        .map(
          ({ row: { branch }, distanceKm }) =>
            `${branch.id}@${branch.latitude},${branch.longitude}:${distanceKm}:${branch.name}`,
        )
        .join('|'),
    }),
    [items],
  );
  const signature = shown.signature;
  const shownRef = useRef(shown);
  shownRef.current = shown;

  // Every branch found: the nearest numbered as in the list, the others as dots on one canvas.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `signature` stands for the items drawn (see above).
  useEffect(() => {
    const layers = markers.current;
    const renderer = dots.current;
    if (!layers || !renderer) return;
    layers.clearLayers();
    drawn.current.clear();
    const selected = selectedRef.current;
    const choose: Choose = (id) => handlers.current.onChoose(id);
    for (const [index, item] of shownRef.current.items.entries()) {
      const id = item.row.branch.id;
      drawn.current.set(
        id,
        index < numberedMarkers
          ? numberedMarker(item, index, layers, choose)
          : dotOf(item, renderer, layers, colours.current, choose),
      );
      if (id === selected) restyle(drawn.current.get(id)!, true, colours.current);
    }
    shownSelected.current = selected;
  }, [signature]);

  // Another branch chosen: only its marker and the one chosen before change.
  useEffect(() => {
    const before = shownSelected.current;
    if (before === selectedId) return;
    const previous = before === null ? undefined : drawn.current.get(before);
    if (previous) restyle(previous, false, colours.current);
    const next = selectedId === null ? undefined : drawn.current.get(selectedId);
    if (next) restyle(next, true, colours.current);
    shownSelected.current = selectedId;
  }, [selectedId]);

  if (!canDrawMap()) {
    return <p className="muted locator-map-missing">The map cannot be drawn here; the list has every branch found.</p>;
  }
  return <div ref={container} className="locator-map" />;
}
