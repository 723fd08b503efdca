/**
 * Import mappings (api/openapi.yaml tag Pim): the list (`getImportMappingsFile` without `id`, read on
 * demand and kept with its age, narrowed by kind of record), each mapping's file saved to disk
 * (`getImportMappingsFile` with `id`, a download transfer; needs the service), and a new mapping
 * file dropped or chosen, checked and sent through the durable upload queue (`uploadImportMapping`),
 * so it works offline too.
 */
import { useCallback, useState } from 'react';
import type { CallResult, ImportMapping, ImportTarget } from '../../../../preload/contract';
import { KeptAge } from '../../components/kept-age';
import { SelectField } from '../../components/forms/form-field';
import { TransferState } from '../../components/transfer-state';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import type { QueryState } from '../../lib/use-bridge-query';
import { needsServiceMessage, useOnline } from '../../lib/use-online';
import { useBridge, useStores } from '../../stores/stores-context';
import { FileDropZone } from './file-drop-zone';
import { MappingUploads } from './mapping-uploads';
import { targetLabel } from './target-words';

/** Props of `MappingSection`: the list's query (shared with the Check section, which offers the mappings). */
export interface MappingSectionProps {
  query: QueryState<CallResult<'pim.mappings'>>;
  target: ImportTarget | '';
  onTarget(target: ImportTarget | ''): void;
}

/** One mapping as a table row, with "Save file…". */
function MappingRow({ mapping, onSave }: { mapping: ImportMapping; onSave(mapping: ImportMapping): void }) {
  return (
    <tr>
      <td>{mapping.name}</td>
      <td>{targetLabel[mapping.target]}</td>
      <td>{mapping.columns.map((c) => c.column).join(', ')}</td>
      <td>{formatDateTime(mapping.updatedAt)}</td>
      <td>
        <button type="button" className="button" onClick={() => onSave(mapping)}>
          Save file…<span className="visually-hidden"> ({mapping.name})</span>
        </button>
      </td>
    </tr>
  );
}

/** Renders the mappings section. */
export function MappingSection({ query, target, onTarget }: MappingSectionProps) {
  const bridge = useBridge();
  const { transfers } = useStores();
  const online = useOnline();
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [downloadId, setDownloadId] = useState<string | null>(null);
  const { data, loading, reload, error } = query;
  const list = data?.value ?? null;

  async function upload(file: File) {
    setMessage(null);
    try {
      const ref = await bridge.fileRef(file);
      const transfer = await bridge.call('pim.uploadMapping', { file: ref });
      transfers.getState().upsert([transfer]);
      setMessage({
        error: false,
        text: online
          ? `${file.name} is being sent to the service.`
          : `${file.name} is kept on this computer and sent by itself once the service can be reached.`,
      });
    } catch (reason) {
      setMessage({ error: true, text: errorMessage(reason) });
    }
  }

  async function save(mapping: ImportMapping) {
    setMessage(null);
    try {
      const transfer = await bridge.call('pim.downloadMapping', { id: mapping.id, name: mapping.name });
      if (transfer) {
        transfers.getState().upsert([transfer]);
        setDownloadId(transfer.id);
      }
    } catch (reason) {
      setMessage({ error: true, text: errorMessage(reason) });
    }
  }

  const landed = useCallback(() => reload(), [reload]);

  return (
    <section className="imports-section" aria-labelledby="mappings-title">
      <div className="imports-section-head">
        <h2 id="mappings-title">Import mappings</h2>
        <KeptAge
          subject="Mappings"
          fetchedAt={data?.fetchedAt}
          loading={loading}
          reload={reload}
          refreshLabel="Refresh mappings"
        />
      </div>
      <p className="note">
        A mapping says which column of a CSV file fills which contact or company field. Everyone signed in to the
        service shares them.
      </p>
      <FileDropZone
        label="Drop an import mapping file"
        buttonLabel="Choose a mapping file…"
        fileLabel="Mapping file to upload"
        onFile={(f) => void upload(f)}
      >
        Drop an import mapping file (.json, at most 64 KiB) here to add it. It is checked at once, and sent by itself
        when you are offline.
      </FileDropZone>
      {message ? (
        <p className={message.error ? 'note note-error' : 'note'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      ) : null}
      <MappingUploads onLanded={landed} />
      <div className="imports-filter">
        <SelectField<ImportTarget>
          label="Show mappings for"
          value={target}
          onChange={onTarget}
          options={[
            { value: '', label: 'Contacts and companies' },
            { value: 'contact', label: 'Contacts' },
            { value: 'company', label: 'Companies' },
          ]}
        />
      </div>
      {error && !list ? <p className="note note-error">The mappings could not be read: {error}</p> : null}
      {list && list.items.length > 0 ? (
        <table className="imports-table">
          <caption className="visually-hidden">Import mappings</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">For</th>
              <th scope="col">Columns</th>
              <th scope="col">Changed</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((mapping) => (
              <MappingRow key={mapping.id} mapping={mapping} onSave={(m) => void save(m)} />
            ))}
          </tbody>
        </table>
      ) : list && !loading ? (
        <p className="note">
          {data?.fetchedAt === null ? 'The mappings have not been read from the service yet.' : 'No mappings yet.'}
        </p>
      ) : null}
      {list?.more ? <p className="note">The first 500 mappings are shown; narrow the list by kind of record.</p> : null}
      {online ? null : <p className="note">Saving a mapping as a file: {needsServiceMessage}</p>}
      <TransferState id={downloadId} />
    </section>
  );
}
