/**
 * Zoom of a preview: "fit" (the page or image as wide as the pane) or a factor of its natural size,
 * stepped through fixed levels by Zoom in / Zoom out and the + and - keys.
 */
import { useCallback, useState } from 'react';

/** The zoom levels Zoom in and Zoom out step through (factors of the natural size). */
export const zoomLevels = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;

/** A zoom: as wide as the pane, or a factor of the natural size. */
export type Zoom = 'fit' | number;

/** Zoom state and its moves; `fitFactor` is what "fit" amounts to now (to step from it). */
export function useZoom(fitFactor: () => number) {
  const [zoom, setZoom] = useState<Zoom>('fit');
  const current = useCallback(() => (zoom === 'fit' ? fitFactor() : zoom), [zoom, fitFactor]);
  const zoomIn = useCallback(() => {
    const now = current();
    setZoom(zoomLevels.find((level) => level > now + 0.01) ?? zoomLevels[zoomLevels.length - 1]);
  }, [current]);
  const zoomOut = useCallback(() => {
    const now = current();
    setZoom([...zoomLevels].reverse().find((level) => level < now - 0.01) ?? zoomLevels[0]);
  }, [current]);
  const fit = useCallback(() => setZoom('fit'), []);
  return { zoom, zoomIn, zoomOut, fit, factor: current };
}
