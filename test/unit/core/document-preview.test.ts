/**
 * The parts of document previews that need no service (main/core/areas/documents/preview-*.ts):
 * which viewer a type gets, where a long text is cut, the byte check, and the kept previews on
 * disk (least recently shown dropped first, damaged files and files no index names deleted).
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HandlerContext } from '../../../main/core/areas/context';
import { checkPreviewBytes, PreviewMismatchError } from '../../../main/core/areas/documents/preview';
import { previewKind, textPart, tooLargeWords } from '../../../main/core/areas/documents/preview-kind';
import { createPreviewStore, previewFolder, sha256Of } from '../../../main/core/areas/documents/preview-store';

describe('preview kinds and text parts', () => {
  it('gives each type its viewer; Office files, archives and unknown bytes none', () => {
    expect(previewKind('application/pdf', 'a.pdf')).toBe('pdf');
    expect(previewKind('image/svg+xml', 'logo.svg')).toBe('image');
    expect(previewKind('Text/HTML; charset=utf-8', 'page.html')).toBe('text');
    expect(previewKind('application/json', 'data.json')).toBe('text');
    expect(previewKind('application/octet-stream', 'server.log')).toBe('text');
    expect(previewKind('application/octet-stream', 'setup.bin')).toBe('unsupported');
    expect(previewKind('application/vnd.ms-excel', 'prices.xls')).toBe('unsupported');
    expect(previewKind('application/zip', 'kit.zip')).toBe('unsupported');
  });

  it('cuts a long text on a character, never inside one', () => {
    const text = Buffer.from(`${'a'.repeat(8)}€€`); // € is 3 bytes in UTF-8
    expect(Buffer.from(textPart(text, 10)).toString()).toBe('aaaaaaaa');
    expect(Buffer.from(textPart(text, 11)).toString()).toBe('aaaaaaaa€');
    expect(textPart(text, 100)).toBe(text);
  });

  it('says how large a refused document is', () => {
    expect(tooLargeWords(34_560_000)).toBe(
      'This document is too large to preview here (34.6 MB; previews go up to 20 MB). Download it and open it with its own program.',
    );
  });

  it('refuses bytes of another size or checksum', () => {
    const bytes = Buffer.from('the document');
    const document = { size: bytes.length, sha256: sha256Of(bytes) };
    expect(() => checkPreviewBytes(document, bytes)).not.toThrow();
    expect(() => checkPreviewBytes(document, Buffer.from('THE DOCUMENT'))).toThrow(PreviewMismatchError);
    expect(() => checkPreviewBytes(document, Buffer.from('the document!'))).toThrow(PreviewMismatchError);
  });
});

describe('kept previews', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A store over a fresh folder and an in-memory query cache, keeping at most `budget` bytes. */
  function makeStore(budget: number) {
    const dataDir = mkdtempSync(join(tmpdir(), 'brm-previews-'));
    dirs.push(dataDir);
    const answers = new Map<string, { value: unknown; fetchedAt: string }>();
    const ctx = {
      options: { dataDir },
      cache: {
        readOnly: false,
        state: {
          getCached: (key: string) => answers.get(key) ?? null,
          putCached: (key: string, value: unknown, fetchedAt: string) =>
            answers.set(key, { value: structuredClone(value), fetchedAt }),
        },
      },
    } as unknown as HandlerContext;
    const files = () => readdirSync(join(dataDir, previewFolder)).sort();
    return { store: createPreviewStore(ctx, budget), answers, files, dir: join(dataDir, previewFolder) };
  }
  const content = (text: string) => ({ bytes: Buffer.from(text), sha256: sha256Of(Buffer.from(text)) });
  const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

  it('keeps previews within the budget, dropping the least recently shown', async () => {
    const { store, files } = makeStore(30);
    const a = content('a'.repeat(10));
    const b = content('b'.repeat(10));
    const c = content('c'.repeat(10));
    await store.keep('doc-a', a.sha256, a.bytes, '2026-01-01T00:00:00.000Z');
    await tick();
    await store.keep('doc-b', b.sha256, b.bytes, '2026-01-01T00:00:00.000Z');
    await tick();
    await store.keep('doc-c', c.sha256, c.bytes, '2026-01-01T00:00:00.000Z');
    await tick();
    // Showing a makes b the least recently shown.
    expect((await store.read('doc-a'))?.bytes.equals(a.bytes)).toBe(true);
    await tick();
    const d = content('d'.repeat(10));
    await store.keep('doc-d', d.sha256, d.bytes, '2026-01-02T00:00:00.000Z');
    expect(await store.read('doc-b')).toBeNull();
    expect(files()).toEqual([a.sha256, c.sha256, d.sha256].sort());
    expect((await store.read('doc-d'))?.kept).toMatchObject({
      sha256: d.sha256,
      fetchedAt: '2026-01-02T00:00:00.000Z',
    });
  });

  it('drops a kept file that was damaged, and deletes files the index does not name', async () => {
    const { store, files, dir, answers } = makeStore(1000);
    const a = content('the kept preview');
    await store.keep('doc-a', a.sha256, a.bytes, '2026-01-01T00:00:00.000Z');
    writeFileSync(join(dir, a.sha256), 'THE KEPT PREVIEW');
    expect(await store.read('doc-a')).toBeNull();
    expect(files()).toEqual([]);

    await store.keep('doc-a', a.sha256, a.bytes, '2026-01-01T00:00:00.000Z');
    answers.clear(); // as a sign-out clears the user's kept answers
    await store.sweep();
    expect(files()).toEqual([]);
  });
});
