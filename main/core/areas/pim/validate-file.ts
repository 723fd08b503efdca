/**
 * Validate File (api/openapi.yaml `validateFile`): streams a CSV file as `multipart/form-data` with
 * the mapping or target (and delimiter) before the `file` part, and answers the service's report.
 * The file is read from where the user picked it, never kept: a check needs the service, so offline
 * it is refused in words, as are files the service would refuse (empty, over 10 MiB, not a CSV file).
 */
import { createReadStream } from 'node:fs';
import { extname } from 'node:path';
import {
  BridgeError,
  type CallParsed,
  type FileValidationReport,
  maxValidateFileBytes,
} from '../../../../preload/contract';
import type { HandlerContext } from '../context';
import { readChunkBytes } from '../../transfers/local-files';
import { createMultipartBody } from '../../transfers/multipart';
import { checkUploadFiles } from '../../transfers/upload';
import { pimNeedsService, validationRefusal } from './words';

/** File name extensions of the text files Validate File reads (RFC 4180 CSV, and tab-separated text). */
const csvExtensions = new Set(['.csv', '.txt', '.tsv']);

/**
 * Checks the picked file against a mapping or a target and resolves with the report. Throws
 * BridgeError: 'offline' while the service cannot be reached, 'invalid_input' / 'too_large' for a
 * file it would refuse, 'not_found' for a mapping it no longer has, in words.
 */
export async function validateFile(
  ctx: HandlerContext,
  input: CallParsed<'pim.validateFile'>,
): Promise<FileValidationReport> {
  const api = ctx.session.api();
  if (!ctx.online()) throw new BridgeError('offline', pimNeedsService('Checking a file', api.serverUrl));
  const file = await ctx.options.platform.resolveFileRef(input.file);
  if (!csvExtensions.has(extname(file.name).toLowerCase())) {
    throw new BridgeError(
      'invalid_input',
      `${file.name} is not a CSV file, so the BRM service cannot check it. Save it as CSV (comma, semicolon or tab separated, UTF-8) and choose that file.`,
    );
  }
  checkUploadFiles([file], maxValidateFileBytes);
  const fields: { name: string; value: string }[] = [];
  if (input.mappingId) fields.push({ name: 'mappingId', value: input.mappingId });
  if (input.target) fields.push({ name: 'target', value: input.target });
  if (input.delimiter) fields.push({ name: 'delimiter', value: input.delimiter });
  try {
    const report = await api.call('validateFile', {
      stream: () => {
        const body = createMultipartBody(fields, {
          field: 'file',
          filename: file.name,
          contentType: 'text/csv',
          size: file.size,
          open: () => createReadStream(file.path, { highWaterMark: readChunkBytes }) as AsyncIterable<Uint8Array>,
        });
        return { body: ReadableStream.from(body.chunks()), length: body.length, contentType: body.contentType };
      },
      timeoutMs: null,
    });
    ctx.reachedService();
    return report;
  } catch (err) {
    if (err instanceof BridgeError && err.code === 'offline') {
      ctx.lostService(err);
      throw new BridgeError('offline', pimNeedsService('Checking a file', api.serverUrl));
    }
    throw validationRefusal(err, file.name, maxValidateFileBytes);
  }
}
