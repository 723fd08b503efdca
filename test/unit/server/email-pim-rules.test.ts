/** Pure rules of the Email and Pim groups: download file names, mapping and export template checks. */
import { describe, expect, it } from 'vitest';
import type { Email } from '../../../server/db/emails';
import { emailFileName } from '../../../server/email/message';
import { exportColumnProblems, exportColumns, mappingProblems } from '../../../server/pim/pim-rules';

const email = (subject: string) => ({ id: '6f1c2a4e-3b9d-4c1e-9a77-0c5e2d8b1f40', subject }) as Email;

describe('emailFileName', () => {
  it('makes the subject a safe file name', () => {
    expect(emailFileName(email('Re: Quote Q-1/2 "final"'))).toBe('Re Quote Q-1 2 final.eml');
    expect(emailFileName(email('Tab\there\u0007'))).toBe('Tab here.eml');
    expect(emailFileName(email('  '))).toBe('email-6f1c2a4e-3b9d-4c1e-9a77-0c5e2d8b1f40.eml');
    expect(emailFileName(email('x'.repeat(400)))).toBe(`${'x'.repeat(200)}.eml`);
  });
});

describe('export template columns', () => {
  it('takes each target’s columns from the contract', () => {
    expect(exportColumns('contacts')).toContain('companyName');
    expect(exportColumns('psas')).toContain('expectedCloseDate');
    expect(exportColumns('companies')).not.toContain('latitude');
  });

  it('points at each column the target does not have', () => {
    expect(exportColumnProblems('companies', ['name', 'latitude', 'country', 'stage'])).toEqual([
      expect.objectContaining({ pointer: '/body/columns/1' }),
      expect.objectContaining({ pointer: '/body/columns/3' }),
    ]);
    expect(exportColumnProblems('grebates', ['name', 'earning'])).toEqual([]);
  });
});

describe('mappingProblems', () => {
  const col = (column: string, field: string) => ({ column, field, required: false, transform: null }) as never;

  it('accepts a consistent mapping', () => {
    expect(mappingProblems({ name: 'A', target: 'company', columns: [col('Company', 'name')] })).toEqual([]);
  });

  it('finds fields of another target, repeats and unmapped required fields', () => {
    const problems = mappingProblems({
      name: 'B',
      target: 'contact',
      columns: [col('First', 'firstName'), col('First', 'email'), col('Mail', 'email'), col('Web', 'website')],
    });
    expect(problems.map((p) => p.pointer)).toEqual([
      '/body/file/columns/1/column',
      '/body/file/columns/2/field',
      '/body/file/columns/3/field',
      '/body/file/columns',
    ]);
    expect(problems[3].detail).toContain('lastName');
  });
});
