/**
 * Import: the PIM import tools (api/openapi.yaml tag Pim) — import mappings (listed, uploaded
 * through the upload queue, saved as files) and checking a CSV file against a mapping or a kind of
 * record before importing it. None of this is in the change feed: the list is read on demand and kept
 * for offline use with its age.
 */
import { useState } from 'react';
import type { ImportTarget } from '../../../../preload/contract';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { MappingSection } from './mapping-section';
import { ValidateSection } from './validate-section';
import './imports.css';

/** Renders the Import view. */
export function ImportsView() {
  const [target, setTarget] = useState<ImportTarget | ''>('');
  const query = useBridgeQuery('pim.mappings', target ? { target } : {});
  return (
    <div className="imports-view">
      <header className="view-header">
        <h1>Import</h1>
      </header>
      <div className="imports-body">
        <MappingSection query={query} target={target} onTarget={setTarget} />
        <ValidateSection mappings={query.data?.value.items ?? []} />
      </div>
    </div>
  );
}
