/**
 * The document previews kept on this computer for offline use (docs/ARCHITECTURE.md, "Decisions
 * taken where the design was silent"): the bytes in `<data folder>/document-previews/<SHA-256>`
 * (one file per content, mode 0600 in a 0700 folder), and a small index in the query cache (one
 * row, never the bytes) naming each document's kept content with when the service sent it and when
 * it was last shown. At most `maxKeptPreviewBytes` are kept; the least recently shown go first.
 *
 * The index row goes with the user's other kept answers (sign-out, another user, a rebuilt cache:
 * docs/ARCHITECTURE.md, "Cache schema"), so a file the index does not name is no one's any more:
 * it is deleted at the next sweep (first use in a run, every sign-out, every change to the index).
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { HandlerContext } from '../context';

/** The most bytes of previews kept, bytes (200 MB). */
export const maxKeptPreviewBytes = 200_000_000;
/** The folder of the data folder holding the kept previews. */
export const previewFolder = 'document-previews';
/** The query-cache key of the index. */
const indexKey = 'documentPreviews:index';

/** One kept preview: document `documentId`'s content `sha256` (`size` bytes). */
export interface KeptPreview {
  documentId: string;
  sha256: string;
  size: number;
  /** When the service sent the bytes, ISO 8601 UTC. */
  fetchedAt: string;
  /** When the preview was last shown, ISO 8601 UTC (least recently shown go first). */
  usedAt: string;
}

/** The kept previews. */
export interface PreviewStore {
  /**
   * Document `documentId`'s kept preview (of whichever content was kept) with its bytes, or null
   * when none is kept or its file is gone or damaged (it does not match its SHA-256; it is dropped).
   */
  read(documentId: string): Promise<{ kept: KeptPreview; bytes: Buffer } | null>;
  /** Keeps `bytes` (checked by the caller to be content `sha256`) as document `documentId`'s preview. */
  keep(documentId: string, sha256: string, bytes: Uint8Array, fetchedAt: string): Promise<void>;
  /** Deletes the files the index no longer names. */
  sweep(): Promise<void>;
}

const sha256Pattern = /^[0-9a-f]{64}$/;

/** The SHA-256 of `bytes`, lower-case hex. */
export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The entries to keep within `budget` bytes, most recently shown first: each content counts once,
 * however many documents share it; the others are dropped.
 */
export function withinBudget(entries: readonly KeptPreview[], budget: number): KeptPreview[] {
  const sorted = [...entries].sort((a, b) => b.usedAt.localeCompare(a.usedAt));
  const counted = new Set<string>();
  const kept: KeptPreview[] = [];
  let total = 0;
  for (const entry of sorted) {
    const extra = counted.has(entry.sha256) ? 0 : entry.size;
    if (total + extra > budget) continue;
    total += extra;
    counted.add(entry.sha256);
    kept.push(entry);
  }
  return kept;
}

/** Creates the store over the core's data folder and query cache. Its operations run one at a time. */
export function createPreviewStore(ctx: HandlerContext, budget = maxKeptPreviewBytes): PreviewStore {
  const dir = join(ctx.options.dataDir, previewFolder);
  const writable = !ctx.cache.readOnly;
  let queue: Promise<unknown> = Promise.resolve();
  /** Runs `task` after every earlier one ended (so a sweep never meets a file being kept). */
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };
  const entries = (): KeptPreview[] =>
    (ctx.cache.state.getCached<{ entries: KeptPreview[] }>(indexKey)?.value.entries ?? []).filter((e) =>
      sha256Pattern.test(e.sha256),
    );
  const save = (list: KeptPreview[]) => {
    if (writable) ctx.cache.state.putCached(indexKey, { entries: list }, new Date().toISOString());
  };
  const sweepNow = async () => {
    if (!writable) return;
    const named = new Set(entries().map((e) => e.sha256));
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return;
    }
    await Promise.all(names.filter((n) => !named.has(n)).map((n) => rm(join(dir, n), { force: true })));
  };
  let swept = false;
  const firstSweep = async () => {
    if (swept) return;
    swept = true;
    await sweepNow();
  };

  return {
    read: (documentId) =>
      serial(async () => {
        await firstSweep();
        const list = entries();
        const kept = list.find((e) => e.documentId === documentId);
        if (!kept) return null;
        const bytes = await readFile(join(dir, kept.sha256)).catch(() => null);
        if (!bytes || bytes.byteLength !== kept.size || sha256Of(bytes) !== kept.sha256) {
          save(list.filter((e) => e !== kept));
          await sweepNow();
          return null;
        }
        const used = { ...kept, usedAt: new Date().toISOString() };
        save(list.map((e) => (e === kept ? used : e)));
        return { kept: used, bytes };
      }),
    keep: (documentId, sha256, bytes, fetchedAt) =>
      serial(async () => {
        if (!writable || !sha256Pattern.test(sha256) || bytes.byteLength > budget) return;
        await firstSweep();
        await mkdir(dir, { recursive: true, mode: 0o700 });
        const path = join(dir, sha256);
        const part = `${path}.part`;
        await writeFile(part, bytes, { mode: 0o600 });
        await rename(part, path);
        const now = new Date().toISOString();
        const others = entries().filter((e) => e.documentId !== documentId);
        save(withinBudget([{ documentId, sha256, size: bytes.byteLength, fetchedAt, usedAt: now }, ...others], budget));
        await sweepNow();
      }),
    sweep: () => serial(sweepNow),
  };
}
