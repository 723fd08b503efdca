/**
 * The streaming CSV reshape (main/core/transfers/csv-reshape.ts): chosen columns in the chosen
 * order and delimiter, quoted fields with doubled quotes, embedded delimiters and line breaks, the
 * byte order mark, chunk boundaries anywhere (inside a quoted field, a CRLF, a UTF-8 character),
 * a missing column refused before any output, and text that is not CSV failing the stream.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CsvShapeError, type CsvShape, reshapeCsv } from '../../../main/core/transfers/csv-reshape';

const bomBytes = [0xef, 0xbb, 0xbf];

/** A byte stream of `text` (UTF-8) cut into chunks of `size` bytes. */
function chunked(text: string | Uint8Array, size: number): ReadableStream<Uint8Array> {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of stream) parts.push(part);
  return Buffer.concat(parts);
}

async function reshaped(text: string | Uint8Array, shape: CsvShape, size = 1 << 16): Promise<string> {
  return (await bytesOf(await reshapeCsv(chunked(text, size), shape))).toString('utf8');
}

// As the service writes a spreadsheet export: header bare, text quoted, numbers bare, formulas neutralized.
const source = [
  'id,name,note,count,city',
  '1,"Ana ""the boss"" Lima","likes ; and , and\r\ntwo lines",3,"Köln"',
  `2,"'=HYPERLINK(""x"")","",0,"Zürich"`,
  '3,"Bo",,12,"Tab\there"',
  '',
].join('\r\n');

describe('reshapeCsv', () => {
  it('writes the chosen columns in the chosen order, keeping each field as the source gave it', async () => {
    const out = await reshaped(source, { columns: ['city', 'name', 'count'], delimiter: ',', bom: false });
    expect(out).toBe(
      [
        'city,name,count',
        '"Köln","Ana ""the boss"" Lima",3',
        `"Zürich","'=HYPERLINK(""x"")",0`,
        '"Tab\there","Bo",12',
        '',
      ].join('\r\n'),
    );
  });

  it('gives back the same bytes for every column in order with a comma', async () => {
    const all = ['id', 'name', 'note', 'count', 'city'];
    expect(await reshaped(source, { columns: all, delimiter: ',', bom: false })).toBe(source);
  });

  it('keeps embedded delimiters and line breaks inside quotes, with a semicolon or a tab', async () => {
    const semi = await reshaped(source, { columns: ['note', 'id'], delimiter: ';', bom: false });
    expect(semi.split('\r\n')[0]).toBe('note;id');
    expect(parse(semi, { delimiter: ';' })).toEqual([
      ['note', 'id'],
      ['likes ; and , and\r\ntwo lines', '1'],
      ['', '2'],
      ['', '3'],
    ]);
    const tab = await reshaped(source, { columns: ['id', 'city', 'note'], delimiter: '\t', bom: false });
    expect(tab.split('\r\n').slice(0, 1)).toEqual(['id\tcity\tnote']);
    expect(tab).toContain('3\t"Tab\there"\t\r\n');
    expect(parse(tab, { delimiter: '\t' })).toEqual([
      ['id', 'city', 'note'],
      ['1', 'Köln', 'likes ; and , and\r\ntwo lines'],
      ['2', 'Zürich', ''],
      ['3', 'Tab\there', ''],
    ]);
  });

  it('reads a byte order mark and writes one only when asked', async () => {
    const withBom = new Uint8Array([...bomBytes, ...new TextEncoder().encode(source)]);
    const kept = await bytesOf(await reshapeCsv(chunked(withBom, 2), { columns: ['id'], delimiter: ',', bom: true }));
    expect([...kept.subarray(0, 3)]).toEqual(bomBytes);
    expect(kept.subarray(3).toString('utf8')).toBe('id\r\n1\r\n2\r\n3\r\n');
    const dropped = await reshaped(withBom, { columns: ['id'], delimiter: ',', bom: false }, 1);
    expect(dropped).toBe('id\r\n1\r\n2\r\n3\r\n');
  });

  it('gives the same file whatever the chunk boundaries (inside quotes, a CRLF, a UTF-8 letter)', async () => {
    const shape: CsvShape = { columns: ['note', 'city', 'name'], delimiter: ';', bom: false };
    const whole = await reshaped(source, shape);
    for (const size of [1, 2, 3, 5, 7, 13]) expect(await reshaped(source, shape, size)).toBe(whole);
  });

  it('refuses a column the header does not have before writing anything', async () => {
    const refused = reshapeCsv(chunked(source, 4), { columns: ['id', 'email', 'fax'], delimiter: ',', bom: false });
    await expect(refused).rejects.toBeInstanceOf(CsvShapeError);
    await expect(refused).rejects.toMatchObject({
      missing: ['email', 'fax'],
      message: expect.stringContaining('no column "email", "fax"'),
    });
    await expect(reshapeCsv(chunked('', 4), { columns: ['id'], delimiter: ',', bom: false })).rejects.toThrow(
      /no header row/,
    );
  });

  it('fails the output stream on a row that is not CSV', async () => {
    const broken = 'id,name\r\n1,"Ana"\r\n2,"Bo","extra"\r\n';
    const stream = await reshapeCsv(chunked(broken, 3), { columns: ['name'], delimiter: ',', bom: false });
    await expect(bytesOf(stream)).rejects.toThrow(/Invalid Record Length/);
  });
});
