/**
 * A Validate File report (api/openapi.yaml `FileValidationReport`) as a table the user sorts by row,
 * column, severity, kind or message (@tanstack/react-table's sorting): each header is a button that
 * sorts by it, again to reverse; `aria-sort` says the order. The counts above it say how many rows
 * were checked, valid, invalid and blank, and how many issues are listed (the service lists the first
 * 1000).
 */
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { FileValidationReport, ImportMapping } from '../../../../preload/contract';
import { formatCount, pluralize } from '../../lib/format';
import { issueCodeLabel, type Severity, severityLabel, severityOf } from './report-words';

/** One issue as the table shows it. */
interface IssueRow {
  row: number;
  line: number;
  /** The column's name, or "Whole row" for an issue of the whole row (sorted as shown). */
  column: string;
  severity: Severity;
  kind: string;
  message: string;
}

const columns: ColumnDef<IssueRow>[] = [
  {
    accessorKey: 'row',
    header: 'Row',
    cell: ({ row }) => (
      <>
        {row.original.row}
        {row.original.line !== row.original.row ? <span className="muted"> (line {row.original.line})</span> : null}
      </>
    ),
  },
  { accessorKey: 'column', header: 'Column' },
  {
    accessorKey: 'severity',
    header: 'Severity',
    cell: ({ getValue }) => {
      const severity = getValue<Severity>();
      return <span className={`severity severity-${severity}`}>{severityLabel[severity]}</span>;
    },
  },
  { accessorKey: 'kind', header: 'Kind' },
  { accessorKey: 'message', header: 'Message' },
];

/** The counts of the report in words. */
function ReportCounts({ report }: { report: FileValidationReport }) {
  const { rows, valid, invalid, blank } = report.totals;
  return (
    <section aria-label="Counts">
      <dl className="report-counts">
        <div>
          <dt>Rows checked</dt>
          <dd>{formatCount(rows)}</dd>
        </div>
        <div>
          <dt>Valid</dt>
          <dd>{formatCount(valid)}</dd>
        </div>
        <div>
          <dt>Invalid</dt>
          <dd>{formatCount(invalid)}</dd>
        </div>
        <div>
          <dt>Blank (not checked)</dt>
          <dd>{formatCount(blank)}</dd>
        </div>
        <div>
          <dt>Issues listed</dt>
          <dd>
            {formatCount(report.issues.length)}
            {report.truncated ? ' (the first 1,000; there are more)' : ''}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** The header's sort order for `aria-sort`. */
function ariaSort(sorted: false | 'asc' | 'desc'): 'ascending' | 'descending' | 'none' {
  return sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
}

/** Renders the counts and the sortable table of `report` (checked against `mapping`, or its target when null). */
export function ReportTable({ report, mapping }: { report: FileValidationReport; mapping: ImportMapping | null }) {
  const data = useMemo<IssueRow[]>(
    () =>
      report.issues.map((issue) => ({
        row: issue.row,
        line: issue.line,
        column: issue.column?.name ?? 'Whole row',
        severity: severityOf(issue, report.target, mapping),
        kind: issueCodeLabel[issue.code],
        message: issue.message,
      })),
    [report, mapping],
  );
  const [sorting, setSorting] = useState<SortingState>([]);
  const table = useReactTable({
    data,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    // Every column sorts ascending first (row 1 first, A to Z), then descending.
    sortDescFirst: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });

  return (
    <div className="report">
      <h3 className="report-title">
        {report.fileName}:{' '}
        {report.totals.invalid === 0 && report.issues.length === 0
          ? 'no issues found'
          : pluralize(report.issues.length, 'issue')}
      </h3>
      <ReportCounts report={report} />
      {data.length > 0 ? (
        <div className="report-table-scroll">
          <table className="report-table">
            <caption className="visually-hidden">
              Issues found in {report.fileName}; sort with the column headers
            </caption>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    return (
                      <th key={header.id} scope="col" aria-sort={ariaSort(sorted)}>
                        <button type="button" className="report-sort" onClick={header.column.getToggleSortingHandler()}>
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          <span aria-hidden="true" className="report-sort-mark">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                          </span>
                        </button>
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="note">Every row can be imported as it is.</p>
      )}
    </div>
  );
}
