/**
 * Words about branches shared by the company page and the Branch Locator: where a branch is, the
 * state of its queued edit as a sync badge, and distances (api/openapi.yaml `Branch`, `NearbyBranch`).
 */
import type { Branch, BranchRow, RecordSyncState } from '../../../../preload/contract';

/** The branch's place in one line: "Am Sandtorkai 12, 20457 Hamburg, DE", or '—' when it has none. */
export function branchPlace(branch: Branch): string {
  const { street, postalCode, city, country } = branch.address;
  const cityLine = [postalCode, city].filter(Boolean).join(' ');
  return [street, cityLine, country].filter(Boolean).join(', ') || '—';
}

/** The branch's city and country in one line: "Hamburg, DE", or '—' when it has neither. */
export function branchCity(branch: Branch): string {
  return [branch.address.city, branch.address.country].filter(Boolean).join(', ') || '—';
}

/** The sync badge of a branch's queued edit: pending while it waits, or conflict/refused. */
export function branchSyncState(row: BranchRow): RecordSyncState | undefined {
  const state = row.queued?.state;
  if (!state) return undefined;
  return state === 'waiting' || state === 'sending' ? 'pending' : state;
}

/** A distance in km for a list: "850 m", "12.4 km", "1,204 km". */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.round(km * 1000)} m`;
  if (km < 100) return `${km.toLocaleString('en-US', { maximumFractionDigits: 1 })} km`;
  return `${Math.round(km).toLocaleString('en-US')} km`;
}

/** A position as degrees with hemisphere letters: "53.5436° N, 9.9880° E". */
export function formatPosition(latitude: number, longitude: number): string {
  const lat = `${Math.abs(latitude).toFixed(4)}° ${latitude < 0 ? 'S' : 'N'}`;
  const lon = `${Math.abs(longitude).toFixed(4)}° ${longitude < 0 ? 'W' : 'E'}`;
  return `${lat}, ${lon}`;
}
