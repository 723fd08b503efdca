/**
 * A company's spend records (`Get Spend`), newest month first: month, category, sales or purchases,
 * and the amount in its own currency.
 */
import type { Spend } from '../../../../preload/contract';
import { pluralize } from '../../lib/format';
import { formatAmount } from '../companies/related-labels';
import { categoryLabels, directionLabels, monthLabel } from './spend-words';

/** Renders the records table (or says there are none for these filters). */
export function SpendRecords({ records, complete }: { records: readonly Spend[]; complete: boolean }) {
  return (
    <section className="spend-records" aria-labelledby="spend-records-title">
      <h2 id="spend-records-title" className="spend-section-title">
        Spend records
      </h2>
      {records.length === 0 ? (
        <p className="muted">No spend records for these filters.</p>
      ) : (
        <table className="spend-table">
          <caption className="visually-hidden">Spend records, newest month first</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Category</th>
              <th scope="col">Direction</th>
              <th scope="col" className="spend-number">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {records.map((record) => (
              <tr key={record.id}>
                <th scope="row">{monthLabel(record.period)}</th>
                <td>{categoryLabels[record.category]}</td>
                <td>{directionLabels[record.direction]}</td>
                <td className="spend-number">{formatAmount(record.amount, record.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {complete ? null : <p className="muted">Only the first {pluralize(records.length, 'record')} are listed.</p>}
    </section>
  );
}
