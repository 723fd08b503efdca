/**
 * The service's exports as the app names them (preload/contract/exports.ts, api/openapi.yaml
 * `Export` group), and which one a view suggests when "Export…" is opened from it.
 */
import type { ExportTarget } from '../../../../preload/contract';
import type { ViewName } from '../view-types';

/** Each export's label and what its file holds. */
export const exportTargetLabels: Record<ExportTarget, { label: string; holds: string }> = {
  contacts: { label: 'Contacts', holds: 'every contact with its company, type, status and place' },
  companies: { label: 'Companies', holds: 'every company with its address and number of branches' },
  psas: { label: 'Deals', holds: 'every deal with its company, stage, amount and expected close date' },
  grebates: { label: 'Rebate agreements', holds: 'every rebate agreement with its tiers and current totals' },
  branches: { label: 'Branches', holds: 'every branch of every company with its address and opening hours' },
};

/** The export a view suggests: its own records, else contacts. */
export function exportTargetOfView(view: ViewName): ExportTarget {
  switch (view) {
    case 'companies':
      return 'companies';
    case 'deals':
      return 'psas';
    case 'rebates':
      return 'grebates';
    default:
      return 'contacts';
  }
}
