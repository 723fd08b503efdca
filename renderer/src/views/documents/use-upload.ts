/**
 * `useUpload`: hands dropped or picked files to the core for upload into a folder. Files the service
 * would refuse anyway (empty, larger than `AppInfo.maxUploadBytes`) are refused here, each with its
 * own reason in the transfers panel; the others become file references and then transfers.
 */
import { useCallback } from 'react';
import type { FileRef } from '../../../../preload/contract';
import { errorMessage } from '../../lib/errors';
import { formatBytes } from '../../lib/format';
import { useBridge, useSession, useStores } from '../../stores/stores-context';

/** Most files per `documents.upload` call (the contract's limit). */
const filesPerCall = 100;

/** Why `file` cannot be uploaded, or null when it can. `maxBytes` is the service's limit in bytes. */
export function refusalReason(file: { name: string; size: number }, maxBytes: number | null): string | null {
  if (file.size === 0) return `"${file.name}" is empty (0 bytes). Choose a file that has content.`;
  if (maxBytes !== null && file.size > maxBytes) {
    return `"${file.name}" is ${formatBytes(file.size)}, more than the ${formatBytes(maxBytes)} the server accepts. Upload a smaller file.`;
  }
  return null;
}

/** Returns `upload(files)`, which uploads into `folderId` (does nothing without a folder). */
export function useUpload(folderId: string | null): (files: readonly File[]) => Promise<void> {
  const bridge = useBridge();
  const { transfers } = useStores();
  const maxBytes = useSession((state) => state.info?.maxUploadBytes ?? null);

  return useCallback(
    async (files) => {
      if (!folderId || files.length === 0) return;
      const store = transfers.getState();
      const refusals: { name: string; reason: string }[] = [];
      const accepted = files.filter((file) => {
        const reason = refusalReason(file, maxBytes);
        if (reason) refusals.push({ name: file.name, reason });
        return reason === null;
      });

      store.addPreparing(accepted.length);
      try {
        const refs: FileRef[] = [];
        for (const file of accepted) {
          try {
            refs.push(await bridge.fileRef(file));
          } catch (reason) {
            refusals.push({ name: file.name, reason: `"${file.name}" could not be read: ${errorMessage(reason)}` });
          }
        }
        for (let start = 0; start < refs.length; start += filesPerCall) {
          const chunk = refs.slice(start, start + filesPerCall);
          try {
            transfers.getState().upsert(await bridge.call('documents.upload', { folderId, files: chunk }));
          } catch (reason) {
            const message = errorMessage(reason);
            for (const ref of chunk)
              refusals.push({ name: ref.name, reason: `"${ref.name}" was not uploaded: ${message}` });
          }
        }
      } finally {
        transfers.getState().addPreparing(-accepted.length);
        transfers.getState().refuse(refusals);
      }
    },
    [bridge, transfers, folderId, maxBytes],
  );
}
