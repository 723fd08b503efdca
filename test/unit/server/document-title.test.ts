import { describe, expect, it } from 'vitest';
import { documentTitle } from '../../../server/files/document-title';

describe('documentTitle', () => {
  it('drops the extension of an ordinary file name', () => {
    expect(documentTitle('Site survey.pdf')).toBe('Site survey');
    expect(documentTitle('Q3 report v2.1 final.docx')).toBe('Q3 report v2.1 final');
    expect(documentTitle('README')).toBe('README');
    expect(documentTitle('.profile')).toBe('.profile');
  });

  it('keeps the whole name when the rest would still look like another type', () => {
    expect(documentTitle('invoice.pdf.exe')).toBe('invoice.pdf.exe');
    expect(documentTitle('photo.jpg.scr')).toBe('photo.jpg.scr');
    expect(documentTitle('backup.tar.gz')).toBe('backup.tar.gz');
  });

  it('cuts titles to the contract’s 300 characters', () => {
    expect(documentTitle(`${'a'.repeat(400)}.txt`)).toHaveLength(300);
  });
});
