/**
 * Checks an import mapping file before it is queued (api/openapi.yaml `uploadImportMapping`): not
 * empty, at most 64 KiB, JSON, and an ImportMappingFile by the contract's own schema
 * (preload/contract/pim.ts `importMappingFileSchema`). A refusal says what is wrong with the file in
 * words, with JSON pointers into the file (`/file/columns/0/field`), so nothing is queued that the
 * service would refuse for its shape; a name already taken is the service's to say (409).
 */
import { readFile } from 'node:fs/promises';
import {
  BridgeError,
  type FileRef,
  importMappingFileSchema,
  maxImportMappingBytes,
} from '../../../../preload/contract';
import type { Platform, ResolvedFile } from '../../platform';
import { checkUploadFiles } from '../../transfers/upload';

/** The refusal of a file whose text is not an import mapping. */
function notAMapping(name: string, detail: string, fields?: { pointer: string; message: string }[]): BridgeError {
  return new BridgeError(
    'invalid_input',
    `${name} is not an import mapping file: ${detail}. Fix the file (the mapping's name, its target contact or company, and its columns) and upload it again.`,
    fields,
  );
}

/**
 * Resolves `ref` and checks the file as this module describes. Resolves with the resolved file.
 * Throws BridgeError('invalid_input' | 'too_large') in words.
 */
export async function checkedMappingFile(platform: Platform, ref: FileRef): Promise<ResolvedFile> {
  const file = await platform.resolveFileRef(ref);
  checkUploadFiles([file], maxImportMappingBytes);
  const text = await readFile(file.path, 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw notAMapping(file.name, `it is not JSON (${(err as Error).message})`);
  }
  const result = importMappingFileSchema.safeParse(parsed);
  if (!result.success) {
    const fields = result.error.issues.map((issue) => ({
      pointer: `/file${issue.path.map((part) => `/${String(part)}`).join('')}`,
      message: issue.message,
    }));
    const first = fields[0];
    throw notAMapping(file.name, `${first.pointer.replace(/^\/file/, '') || 'the document'}: ${first.message}`, fields);
  }
  return file;
}
