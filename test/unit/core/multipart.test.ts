import { describe, expect, it } from 'vitest';
import { createMultipartBody, type MultipartFile } from '../../../main/core/transfers/multipart';

async function* from(chunks: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const chunk of chunks) yield chunk;
}

async function collect(gen: AsyncGenerator<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of gen) parts.push(chunk);
  return Buffer.concat(parts);
}

function file(content: Buffer[], filename = 'notes.txt', size = Buffer.concat(content).length): MultipartFile {
  return { field: 'file', filename, contentType: 'application/octet-stream', size, open: () => from(content) };
}

describe('createMultipartBody', () => {
  it('frames the fields and the file as RFC 7578 multipart with CRLF line breaks', async () => {
    const body = createMultipartBody(
      [{ name: 'folderId', value: 'f-1' }],
      file([Buffer.from('hello '), Buffer.from('world')]),
      'XyZ',
    );
    expect(body.contentType).toBe('multipart/form-data; boundary=XyZ');
    const text = (await collect(body.chunks())).toString('utf8');
    expect(text).toBe(
      '--XyZ\r\nContent-Disposition: form-data; name="folderId"\r\n\r\nf-1\r\n' +
        '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: application/octet-stream\r\n\r\n' +
        'hello world\r\n--XyZ--\r\n',
    );
  });

  it('announces exactly the length it produces, counting UTF-8 names in bytes', async () => {
    const content = [Buffer.alloc(70_000, 1), Buffer.alloc(3, 2)];
    const body = createMultipartBody([{ name: 'folderId', value: 'ü' }], file(content, 'Übersicht – Q3.pdf'));
    const produced = await collect(body.chunks());
    expect(body.length).toBe(produced.length);
  });

  it('escapes quotes and backslashes in the file name and drops line breaks', async () => {
    const body = createMultipartBody([], file([Buffer.from('x')], 'a "quoted"\\name\r\n.txt'), 'B');
    const text = (await collect(body.chunks())).toString('utf8');
    expect(text).toContain('filename="a \\"quoted\\"\\\\name .txt"');
    expect(body.length).toBe(Buffer.byteLength(text));
  });

  it('uses a random boundary that does not repeat', () => {
    const a = createMultipartBody([], file([Buffer.from('x')]));
    const b = createMultipartBody([], file([Buffer.from('x')]));
    expect(a.contentType).not.toBe(b.contentType);
  });

  it('fails when the file is shorter or longer than announced', async () => {
    await expect(collect(createMultipartBody([], file([Buffer.from('abc')], 'a.txt', 5)).chunks())).rejects.toThrow(
      /changed while/,
    );
    await expect(collect(createMultipartBody([], file([Buffer.from('abcdef')], 'a.txt', 5)).chunks())).rejects.toThrow(
      /changed while/,
    );
  });
});
