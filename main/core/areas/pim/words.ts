/**
 * The words of the PIM area's refusals (api/openapi.yaml tag Pim), written for the user: what
 * happened and what to do.
 */
import { BridgeError } from '../../../../preload/contract';
import { ServiceError } from '../../errors';
import { formatBytes } from '../../format-bytes';

/** The words of a PIM action (`what`: "Exporting your calendar") that cannot reach the service at `serverUrl`. */
export function pimNeedsService(what: string, serverUrl: string): string {
  return `${what} needs the BRM service, which cannot be reached at ${serverUrl}. Check your network connection and try again once it is back.`;
}

/**
 * Rewrites the service's refusal of `validateFile` for file `name` in words (413: too large; 415:
 * not a form the service reads; 404: the mapping is gone); any other error is returned as it is.
 */
export function validationRefusal(err: unknown, name: string, maxBytes: number): unknown {
  if (!(err instanceof ServiceError)) return err;
  if (err.status === 413) {
    return new BridgeError(
      'too_large',
      `The BRM service refused ${name}: it is larger than the ${formatBytes(maxBytes)} it checks. Split the file and check each part.`,
    );
  }
  if (err.status === 415) {
    return new BridgeError(
      'invalid_input',
      `The BRM service refused ${name}: it does not take this type of file. Save it as CSV (comma, semicolon or tab separated, UTF-8) and check it again.`,
    );
  }
  if (err.status === 404) {
    return new BridgeError(
      'not_found',
      'The import mapping you chose is no longer on the BRM service; someone may have deleted it. Choose another mapping or check against a kind of record.',
    );
  }
  return err;
}
