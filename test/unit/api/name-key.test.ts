/**
 * Names compared as people read them (`api/name-key.ts`): the keys make names that look the same to a
 * reader clash, and keep apart names a reader tells apart.
 */
import { describe, expect, it } from 'vitest';
import { compatibilityCaseFold, nameKeys, namesClash, normalizeName, skeleton } from '../../../api/name-key';

describe('namesClash', () => {
  it('meets NFC and NFD forms, letter case and full-width letters', () => {
    expect(namesClash('R\u00e9ports', 'Re\u0301ports')).toBe(true);
    expect(namesClash('Réports', 'RÉPORTS')).toBe(true);
    expect(namesClash('Réports', 'RE\u0301PORTS')).toBe(true);
    expect(namesClash('Reports', '\uff32\uff45\uff50\uff4f\uff52\uff54\uff53')).toBe(true);
  });

  it('meets a Cyrillic е and a Latin e, and capitals that only look alike in capitals', () => {
    expect(namesClash('Reports', 'R\u0435ports')).toBe(true);
    expect(namesClash('Hello', '\u041dello')).toBe(true);
    expect(namesClash('Bill', 'BiII')).toBe(true);
  });

  it('ignores zero-width characters, the byte order mark and repeated or outer white space', () => {
    for (const hidden of [
      'Reports\u200b',
      'Reports\ufeff',
      'Rep\u200corts',
      'Re\u200dports',
      ' Reports ',
      'Reports\u00a0',
    ])
      expect(namesClash('Reports', hidden), JSON.stringify(hidden)).toBe(true);
    expect(namesClash('Key accounts', 'Key   accounts')).toBe(true);
  });

  it('folds ß to ss and İ (dotted capital I) to i, as Unicode default case folding does', () => {
    expect(namesClash('Straße', 'STRASSE')).toBe(true);
    expect(namesClash('Straße', 'strasse')).toBe(true);
    expect(namesClash('İstanbul', 'istanbul')).toBe(true);
    expect(namesClash('İSTANBUL', 'Istanbul')).toBe(true);
    // The dot İ folds to is dropped only on a letter whose own dot it is; elsewhere it counts.
    expect(namesClash('Ȧb', 'Ab')).toBe(false);
  });

  it('keeps apart names a reader tells apart', () => {
    for (const [a, b] of [
      ['Müller', 'Muller'],
      ['Zoë', 'Zoe'],
      ['Mail', 'Mall'],
      ['Reports', 'Re ports'],
      ['Marketing', 'Sales'],
      ['محمد', 'محمود'],
      ['北京', '東京'],
    ])
      expect(namesClash(a, b), `${a} ${b}`).toBe(false);
  });
});

describe('the steps', () => {
  it('normalizes to NFC, folds as The Unicode Standard §3.13 D145, and takes UTS #39 skeletons', () => {
    expect(normalizeName('Re\u0301sume\u0301')).toBe('R\u00e9sum\u00e9');
    expect(compatibilityCaseFold('ﬃ ẞ')).toBe('ffi ss');
    expect(skeleton('paypaⅼ')).toBe(skeleton('paypal'));
    expect(skeleton('rn')).toBe(skeleton('m'));
    expect(nameKeys('Quarterly Réports')).toEqual({
      written: 'Quarterly Re\u0301ports',
      small: 'quarterly re\u0301ports',
      capital: 'QUARTERLY RE\u0301PORTS',
    });
  });
});
