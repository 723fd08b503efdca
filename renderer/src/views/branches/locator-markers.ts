/** How the Branch Locator's map draws the branches found (locator-map.tsx). */

/** How many of the nearest branches get a numbered, focusable marker; the others are dots on one canvas. */
export const numberedMarkers = 50;
