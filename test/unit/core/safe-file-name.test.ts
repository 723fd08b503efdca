import { describe, expect, it } from 'vitest';
import { numberedFileName, safeFileName } from '../../../main/core/transfers/safe-file-name';

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

describe('safeFileName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['../../etc/passwd', '_._etc_passwd'],
    ['..\\..\\Windows\\system32\\cmd.exe', '_._Windows_system32_cmd.exe'],
    ['/absolute/path.txt', '_absolute_path.txt'],
    ['..', 'download'],
    ['.', 'download'],
    ['...', 'download'],
    ['', 'download'],
    ['   ', 'download'],
    ['.hidden', 'hidden'],
    ['a\u0000b\u0007c\u001b[31m.txt', 'abc[31m.txt'],
    ['line\r\nbreak.txt', 'linebreak.txt'],
    ['C1\u0085control.txt', 'C1control.txt'],
    ['what?<>:"|*.docx', 'what_______.docx'],
    ['trailing dots...', 'trailing dots'],
    ['trailing space.pdf   ', 'trailing space.pdf'],
    ['name. . .', 'name'],
    ['CON', '_CON'],
    ['con.txt', '_con.txt'],
    ['Lpt1.tar.gz', '_Lpt1.tar.gz'],
    ['aux .txt', '_aux.txt'],
    ['lpt1.gz', '_lpt1.gz'],
    ['nul', '_nul'],
    ['COM9.log', '_COM9.log'],
    ['COM10.log', 'COM10.log'],
    ['console.log', 'console.log'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['Übersicht Q3 — Änderungen.xlsx', 'Übersicht Q3 — Änderungen.xlsx'],
    ['e\u0301te\u0301.txt', 'été.txt'],
    ['a..b..c.pdf', 'a.b.c.pdf'],
  ])('%j → %j', (raw, expected) => {
    expect(safeFileName(raw)).toBe(expected);
  });

  it('keeps names within 255 bytes of UTF-8, keeping the extension and whole characters', () => {
    const long = `${'ж'.repeat(300)}.pdf`;
    const safe = safeFileName(long);
    expect(bytes(safe)).toBeLessThanOrEqual(255);
    expect(safe.endsWith('.pdf')).toBe(true);
    expect(safe).toMatch(/^ж+\.pdf$/);
    const emoji = `${'😀'.repeat(100)}.txt`;
    expect(bytes(safeFileName(emoji))).toBeLessThanOrEqual(255);
    expect(safeFileName(emoji)).toMatch(/^(😀)+\.txt$/u);
  });

  it('treats a long "extension" as part of the name', () => {
    const safe = safeFileName(`x.${'y'.repeat(400)}`);
    expect(bytes(safe)).toBe(255);
  });

  it('never returns a name that contains a separator, a control character or is a dot name', () => {
    const nasty = ['/', '\\', '\u0000', '..', '.', '\n', 'a/../b', '\\\\server\\share', 'C:\\x', '  . ', '\u202e'];
    for (const raw of nasty) {
      const safe = safeFileName(raw);
      expect(safe).not.toMatch(/[/\\\p{Cc}<>:"|?*]/u);
      expect(['.', '..', '']).not.toContain(safe);
      expect(safe).not.toMatch(/[. ]$/);
    }
  });
});

describe('numberedFileName', () => {
  it('numbers before the extension', () => {
    expect(numberedFileName('report.pdf', 0)).toBe('report.pdf');
    expect(numberedFileName('report.pdf', 1)).toBe('report (1).pdf');
    expect(numberedFileName('archive', 12)).toBe('archive (12)');
  });

  it('stays within the byte limit', () => {
    const name = safeFileName(`${'a'.repeat(300)}.pdf`);
    const numbered = numberedFileName(name, 7);
    expect(bytes(numbered)).toBeLessThanOrEqual(255);
    expect(numbered.endsWith(' (7).pdf')).toBe(true);
    expect(bytes(numberedFileName(name, 3, 250))).toBeLessThanOrEqual(250);
  });
});
