/**
 * Files the core asked to open in browser mode (`Platform.openPath`): each local path gets an id,
 * and the host serves it at `GET /files/<id>?token=…` for the page to open in a new tab.
 */
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';

/** Registry of local files the page may fetch. */
export interface OpenedFiles {
  /** Registers an absolute path and returns its id (the same id for the same path). */
  register(path: string): string;
  /** The path registered under `id`, or undefined. */
  get(id: string): string | undefined;
}

/** Creates an empty registry. */
export function createOpenedFiles(): OpenedFiles {
  const byId = new Map<string, string>();
  const byPath = new Map<string, string>();
  return {
    register(path) {
      const known = byPath.get(path);
      if (known) return known;
      const id = randomUUID();
      byId.set(id, path);
      byPath.set(path, id);
      return id;
    },
    get: (id) => byId.get(id),
  };
}

/**
 * `Content-Disposition: inline` with the file's name, as an ASCII fallback and as UTF-8
 * (`filename*`, RFC 6266 §4.3 and RFC 8187).
 */
export function inlineDisposition(path: string): string {
  const name = basename(path);
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
