/**
 * Checking a CSV file before an import (api/openapi.yaml `validateFile`): the user chooses what to
 * check it against (a kind of record, whose field names are the header, or an import mapping) and
 * the delimiter, then drops or chooses the file; the service's report is shown as a sortable table
 * with its counts (report-table.tsx). A check needs the service: offline the zone is disabled and
 * says so; refusals (not CSV, too large, a mapping gone) are said in words.
 */
import { useState } from 'react';
import type { FileValidationReport, ImportMapping } from '../../../../preload/contract';
import { SelectField } from '../../components/forms/form-field';
import { errorMessage } from '../../lib/errors';
import { needsServiceMessage, useOnline } from '../../lib/use-online';
import { useBridge } from '../../stores/stores-context';
import { FileDropZone } from './file-drop-zone';
import { ReportTable } from './report-table';
import { targetLabel } from './target-words';

type Against = 'contact' | 'company' | `mapping:${string}`;
type Delimiter = ',' | ';' | '\t';

const delimiterOptions: { value: Delimiter; label: string }[] = [
  { value: ',', label: 'Comma (,)' },
  { value: ';', label: 'Semicolon (;)' },
  { value: '\t', label: 'Tab' },
];

/** Renders the Check a file section; `mappings` are those the list shows. */
export function ValidateSection({ mappings }: { mappings: readonly ImportMapping[] }) {
  const bridge = useBridge();
  const online = useOnline();
  const [against, setAgainst] = useState<Against>('contact');
  const [delimiter, setDelimiter] = useState<Delimiter>(',');
  const [checking, setChecking] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<{ report: FileValidationReport; mapping: ImportMapping | null } | null>(null);

  const mapping = against.startsWith('mapping:')
    ? (mappings.find((m) => m.id === against.slice('mapping:'.length)) ?? null)
    : null;

  async function check(file: File) {
    setFailure(null);
    setChecking(file.name);
    try {
      const ref = await bridge.fileRef(file);
      const report = await bridge.call('pim.validateFile', {
        file: ref,
        delimiter,
        ...(mapping ? { mappingId: mapping.id } : { target: against as 'contact' | 'company' }),
      });
      setResult({ report, mapping });
    } catch (reason) {
      setFailure(errorMessage(reason));
    } finally {
      setChecking(null);
    }
  }

  return (
    <section className="imports-section" aria-labelledby="validate-title">
      <h2 id="validate-title">Check a file before importing</h2>
      <p className="note">
        The service reads a CSV file and lists, by row and column, what would stop it from being imported. Nothing is
        imported or kept.
      </p>
      <div className="imports-filter">
        <SelectField<Against>
          label="Check against"
          value={against}
          onChange={(value) => setAgainst((value || 'contact') as Against)}
          options={[
            { value: 'contact', label: `${targetLabel.contact} (header = field names)` },
            { value: 'company', label: `${targetLabel.company} (header = field names)` },
            ...mappings.map((m) => ({
              value: `mapping:${m.id}` as Against,
              label: `Mapping: ${m.name} (${targetLabel[m.target]})`,
            })),
          ]}
        />
        <SelectField<Delimiter>
          label="Delimiter"
          value={delimiter}
          onChange={(value) => setDelimiter((value || ',') as Delimiter)}
          options={delimiterOptions}
        />
      </div>
      <FileDropZone
        label="Drop a CSV file to check"
        buttonLabel="Choose a CSV file to check…"
        fileLabel="CSV file to check"
        onFile={(f) => void check(f)}
        disabled={!online || checking !== null}
      >
        {online
          ? 'Drop a CSV file (UTF-8, header row, at most 10 MiB) here to check it.'
          : `Checking a file: ${needsServiceMessage}`}
      </FileDropZone>
      {checking ? (
        <p className="note" role="status">
          Checking {checking}…
        </p>
      ) : null}
      {failure ? (
        <p className="note note-error" role="alert">
          {failure}
        </p>
      ) : null}
      {result ? <ReportTable report={result.report} mapping={result.mapping} /> : null}
    </section>
  );
}
