/** Fake answers of the document workflow calls (`documents.save`, `.approve`, `.related`, …) over the fake bridge's documents. */
import type { DocumentDetail } from '../../preload/contract';
import type { FakeBridge } from './fake-bridge';

/** A document of the fixtures in `state`, renamed to `title` so a test can find it by name. */
export function pickDocument(bridge: FakeBridge, folderName: string, state: DocumentDetail['state'], title: string) {
  const folder = bridge.data.folders.find((f) => f.name === folderName)!;
  const document = bridge.data.documents.find((d) => d.folderId === folder.id && d.state === state)!;
  document.title = title;
  return document;
}

/** Handlers of the workflow calls that act on the fake data as the core would (reads kept, fetched now). */
export function handleDocumentWorkflow(bridge: FakeBridge): void {
  const now = new Date().toISOString();
  const find = (id: string) => bridge.data.documents.find((d) => d.id === id)!;
  const changed = () => bridge.emit('data.changed', { types: ['document'] });
  bridge.handle('documents.detail', ({ id }) => ({
    value: { id, version: 3, state: find(id).state, approval: null },
    fetchedAt: now,
  }));
  bridge.handle('documents.related', () => ({ value: [], fetchedAt: now }));
  bridge.handle('documents.summary', () => ({ value: { summary: null, unavailable: null }, fetchedAt: now }));
  bridge.handle('documents.save', ({ document }) => {
    const found = find(document.id);
    Object.assign(found, {
      title: document.title ?? found.title,
      name: document.name ?? found.name,
      syncState: 'pending',
    });
    changed();
    return found;
  });
  bridge.handle('documents.delete', ({ id }) => {
    bridge.data.documents.splice(bridge.data.documents.indexOf(find(id)), 1);
    changed();
    return { deleted: true };
  });
  bridge.handle('documents.clone', () => ({ queued: true }));
  bridge.handle('documents.approve', ({ id }) => {
    find(id).state = 'approved';
    changed();
    return find(id);
  });
  bridge.handle('documents.reject', ({ id }) => {
    find(id).state = 'rejected';
    changed();
    return find(id);
  });
}
