/**
 * Opening downloaded documents against the reference service (docs/SECURITY.md, "Opening downloaded
 * files"): every download is marked as the OS marks downloads, with the service's download URL;
 * a file that can run code is not opened until the caller confirms the warning naming its type.
 */
import { chmod } from 'node:fs/promises';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/platform';
import type { Transfer } from '../../../preload/contract';
import { type RunningService, startService } from '../../../server/start';
import {
  createTempDir,
  createTestPlatform,
  type RecordingPlatform,
  signInDemo,
  startTestCore,
  waitForEvent,
  waitForIdle,
} from '../../helpers/core-harness';

describe('opening downloaded documents', () => {
  const dir = createTempDir();
  let service: RunningService;
  let core: Core;
  let platform: RecordingPlatform;
  let folderId: string;

  const finished = (id: string) =>
    waitForEvent(core, 'transfer.progress', (t) => t.id === id && ['done', 'failed', 'cancelled'].includes(t.state));

  /** Uploads `content` as `name`, downloads it again, and returns the document id and the saved file. */
  async function uploadAndDownload(name: string, content: Buffer): Promise<{ id: string; localPath: string }> {
    const path = join(dir.path, name);
    writeFileSync(path, content);
    const [queued] = await core.handlers['documents.upload']({ folderId, files: [{ ref: path, name }] });
    const uploaded = await finished(queued.id);
    expect(uploaded.state).toBe('done');
    const id = uploaded.documentId as string;
    const download: Transfer = await core.handlers['documents.download']({ id });
    const done = await finished(download.id);
    expect(done.state).toBe('done');
    return { id, localPath: done.localPath as string };
  }

  beforeAll(async () => {
    service = await startService({ dataDir: `${dir.path}/service` });
    platform = createTestPlatform();
    core = await startTestCore(`${dir.path}/client`, platform);
    await signInDemo(core, service);
    await waitForIdle(core);
    folderId = (await core.handlers['documents.listFolders']({})).find((f) => f.parentId !== null)?.id ?? '';
  });
  afterAll(async () => {
    await core.stop();
    await service.stop();
    dir.remove();
  });

  it('marks each finished download with the service URL it came from', async () => {
    const { id, localPath } = await uploadAndDownload('Quote 2026.pdf', Buffer.from('%PDF-1.4\n% quote\n'));
    expect(platform.marked).toContainEqual({
      path: localPath,
      sourceUrl: `${service.url}/api/documents/downloadDocument?id=${id}`,
    });
  });

  it('opens an ordinary document at once', async () => {
    const { id, localPath } = await uploadAndDownload('Minutes.txt', Buffer.from('minutes of the meeting\n'));
    expect(await core.handlers['documents.open']({ id })).toEqual({ url: null });
    expect(platform.opened.at(-1)).toBe(localPath);
  });

  it('does not open a Windows program without the confirmation, and names its type', async () => {
    const { id, localPath } = await uploadAndDownload(
      'invoice.pdf.exe',
      Buffer.from('MZ\x90\x00 not really a program'),
    );
    const opened = platform.opened.length;
    expect(await core.handlers['documents.open']({ id })).toEqual({
      url: null,
      warning: {
        fileName: 'invoice.pdf.exe',
        fileType: 'a Windows program',
        message:
          'invoice.pdf.exe is a Windows program: it can run code on your computer. Open it only if you trust where it came from.',
      },
    });
    expect(await core.handlers['documents.open']({ id, confirm: false })).toMatchObject({ warning: expect.anything() });
    expect(platform.opened).toHaveLength(opened);
    expect(platform.marked.map((m) => m.path)).toContain(localPath);

    expect(await core.handlers['documents.open']({ id, confirm: true })).toEqual({ url: null });
    expect(platform.opened.at(-1)).toBe(localPath);
  });

  it.runIf(process.platform !== 'win32')('asks first for a file marked executable, whatever its name', async () => {
    const { id, localPath } = await uploadAndDownload('report', Buffer.from('#!/bin/sh\necho hi\n'));
    expect(await core.handlers['documents.open']({ id })).toEqual({ url: null });
    await chmod(localPath, 0o755);
    expect(await core.handlers['documents.open']({ id })).toMatchObject({
      url: null,
      warning: { fileName: 'report', fileType: 'a program (it is marked executable)' },
    });
  });
});
