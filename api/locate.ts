/**
 * Finds the project's own files (the contract, the changelog) from any module, whether it runs from
 * the sources (tsx, vitest) or from a bundle placed under the project folder (out/main).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Returns the absolute path of `relativePath` (e.g. `api/openapi.yaml`) in the first folder, from
 * `start` upward, that holds it. Throws an Error naming the file when no folder does.
 */
export function findProjectFile(relativePath: string, start = dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    const candidate = join(dir, relativePath);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error(`BRM Desktop is incomplete: ${relativePath} was not found above ${start}. Reinstall it.`);
    dir = parent;
  }
}
