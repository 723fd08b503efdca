/** Pure rules of the documents area: copy names, If-None-Match, zip entry checks, viewable types, the state table. */
import type { Entry } from 'yauzl';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../../server/contract/spec';
import { contentTypeOf } from '../../../server/files/content-type';
import { inlineDisposition } from '../../../server/files/disposition';
import { entryProblem, zipLimits } from '../../../server/files/unzip';
import { documentTransitions } from '../../../server/operations/document-approval';
import { copyName } from '../../../server/operations/document-copies';
import { noneMatch } from '../../../server/operations/document-media';

function entry(fields: Partial<Entry>): Entry {
  return {
    fileName: 'a.txt',
    externalFileAttributes: 0,
    compressedSize: 10,
    uncompressedSize: 10,
    isEncrypted: () => false,
    ...fields,
  } as Entry;
}

describe('copy names', () => {
  it('puts " (copy)" before the extension and keeps names within 255 characters', () => {
    expect(copyName('Offer.pdf')).toBe('Offer (copy).pdf');
    expect(copyName('README')).toBe('README (copy)');
    const long = `${'x'.repeat(251)}.pdf`;
    expect(copyName(long)).toHaveLength(255);
    expect(copyName(long).endsWith(' (copy).pdf')).toBe(true);
  });
});

describe('If-None-Match', () => {
  it('matches listed, weak and wildcard tags only', () => {
    expect(noneMatch('"a-256-png"', '"a-256-png"')).toBe(true);
    expect(noneMatch('"x", W/"a-256-png"', '"a-256-png"')).toBe(true);
    expect(noneMatch('*', '"a-256-png"')).toBe(true);
    expect(noneMatch('"a-128-png"', '"a-256-png"')).toBe(false);
    expect(noneMatch(undefined, '"a-256-png"')).toBe(false);
  });
});

describe('zip entries', () => {
  it('accepts plain files and refuses links, encryption and bombs', () => {
    expect(entryProblem(entry({}))).toBeNull();
    expect(entryProblem(entry({ externalFileAttributes: (0o100644 << 16) >>> 0 }))).toBeNull();
    expect(entryProblem(entry({ externalFileAttributes: (0o120777 << 16) >>> 0 }))).toMatch(/symbolic link/);
    expect(entryProblem(entry({ isEncrypted: () => true }))).toMatch(/encrypted/);
    const big = zipLimits.ratioFloorBytes * 2;
    expect(entryProblem(entry({ uncompressedSize: big, compressedSize: big / 101 }))).toMatch(/expands/);
    expect(entryProblem(entry({ uncompressedSize: big, compressedSize: big / 50 }))).toBeNull();
    expect(entryProblem(entry({ uncompressedSize: zipLimits.ratioFloorBytes, compressedSize: 1 }))).toBeNull();
  });
});

describe('View Document', () => {
  it('declares every content type the service can serve', () => {
    const { contract } = loadContract();
    const op = (
      contract.paths['/api/documents/viewDocument'] as Record<
        string,
        { responses: Record<string, { content: object }> }
      >
    ).get;
    const declared = Object.keys(op.responses['200'].content);
    const served = [
      'pdf',
      'png',
      'jpg',
      'gif',
      'webp',
      'svg',
      'txt',
      'md',
      'csv',
      'html',
      'json',
      'xml',
      'zip',
      'doc',
      'docx',
    ]
      .concat(['xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'mp4', 'mov', 'mp3', 'eml', 'unknown-ext'])
      .map((ext) => contentTypeOf(`file.${ext}`));
    for (const type of served) expect(declared).toContain(type);
    expect(Object.keys(op.responses['206'].content)).toEqual(declared);
  });

  it('names the file inline with an RFC 8187 fallback', () => {
    expect(inlineDisposition('Angebot Müller.pdf')).toBe(
      `inline; filename="Angebot M_ller.pdf"; filename*=UTF-8''Angebot%20M%C3%BCller.pdf`,
    );
  });
});

describe('document states', () => {
  it('follows the table the contract writes in DocumentState', () => {
    const { contract } = loadContract();
    const schemas = (contract.components as { schemas: Record<string, { description?: string }> }).schemas;
    const text = schemas.DocumentState.description ?? '';
    for (const [action, move] of Object.entries(documentTransitions)) {
      const row = text.split('\n').find((line) => line.startsWith(`| ${action} |`)) ?? '';
      expect(row).toContain(`| ${move.from.join(', ')} | ${move.to} |`);
    }
  });
});
