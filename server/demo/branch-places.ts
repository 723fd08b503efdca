/**
 * Real positions (WGS 84, city centres, rounded to 4 decimals ≈ 10 m) of the demo cities, for demo
 * branches, plus the currency that deals with companies in each country use (ISO 4217).
 */

/** Latitude and longitude of each demo city, degrees. */
export const cityPositions: Record<string, { latitude: number; longitude: number }> = {
  Asheville: { latitude: 35.5951, longitude: -82.5515 },
  Chicago: { latitude: 41.8781, longitude: -87.6298 },
  Denver: { latitude: 39.7392, longitude: -104.9903 },
  Atlanta: { latitude: 33.749, longitude: -84.388 },
  Seattle: { latitude: 47.6062, longitude: -122.3321 },
  Boston: { latitude: 42.3601, longitude: -71.0589 },
  Austin: { latitude: 30.2672, longitude: -97.7431 },
  Toronto: { latitude: 43.6532, longitude: -79.3832 },
  Vancouver: { latitude: 49.2827, longitude: -123.1207 },
  London: { latitude: 51.5074, longitude: -0.1278 },
  Manchester: { latitude: 53.4808, longitude: -2.2426 },
  Dublin: { latitude: 53.3498, longitude: -6.2603 },
  Berlin: { latitude: 52.52, longitude: 13.405 },
  Munich: { latitude: 48.1351, longitude: 11.582 },
  Hamburg: { latitude: 53.5511, longitude: 9.9937 },
  Paris: { latitude: 48.8566, longitude: 2.3522 },
  Lyon: { latitude: 45.764, longitude: 4.8357 },
  Amsterdam: { latitude: 52.3676, longitude: 4.9041 },
  Rotterdam: { latitude: 51.9244, longitude: 4.4777 },
  Zurich: { latitude: 47.3769, longitude: 8.5417 },
  Vienna: { latitude: 48.2082, longitude: 16.3738 },
  Stockholm: { latitude: 59.3293, longitude: 18.0686 },
  Copenhagen: { latitude: 55.6761, longitude: 12.5683 },
  Madrid: { latitude: 40.4168, longitude: -3.7038 },
  Milan: { latitude: 45.4642, longitude: 9.19 },
  Sydney: { latitude: -33.8688, longitude: 151.2093 },
  Melbourne: { latitude: -37.8136, longitude: 144.9631 },
};

/** The currency of deals with a company in each demo country (ISO 3166-1 alpha-2 → ISO 4217). */
export const currencyOfCountry: Record<string, string> = {
  US: 'USD',
  CA: 'CAD',
  GB: 'GBP',
  IE: 'EUR',
  DE: 'EUR',
  FR: 'EUR',
  NL: 'EUR',
  AT: 'EUR',
  ES: 'EUR',
  IT: 'EUR',
  CH: 'CHF',
  SE: 'SEK',
  DK: 'DKK',
  AU: 'AUD',
};
