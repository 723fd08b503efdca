/**
 * The folder dialogs of the Documents view: "New folder" (in the chosen folder) and "Rename", one
 * name field checked with the contract's FolderSave schema (`folderSaveSchema`); and "Move to…", a
 * picker of the folders it can go into (the folder itself and its own subfolders are not offered:
 * a folder cannot contain itself). Each queues its change through the write path; a refusal stays
 * in the dialog with what was typed or chosen.
 */
import { useState } from 'react';
import { type Folder, folderSaveSchema, movesIntoOwnSubtree } from '../../../../preload/contract';
import { Dialog } from '../../components/dialog';
import { SelectField, TextField } from '../../components/forms/form-field';
import { useAsyncAction } from '../../lib/use-async-action';
import { useBridge } from '../../stores/stores-context';
import { folderOptions } from './folder-options';

function Actions({ label, busy, onClose, onSave }: { label: string; busy: boolean; onClose(): void; onSave(): void }) {
  return (
    <>
      <button type="button" className="button" onClick={onClose}>
        Cancel
      </button>
      <button type="button" className="button button-primary" disabled={busy} onClick={onSave}>
        {busy ? 'Saving…' : label}
      </button>
    </>
  );
}

function Refusal({ error }: { error: string | null }) {
  return error ? (
    <p className="form-error" role="alert">
      {error}
    </p>
  ) : null;
}

/** What is wrong with a folder name, in words, or undefined when the contract takes it. */
function nameProblem(name: string): string | undefined {
  if (name === '') return 'Enter a name for the folder.';
  if (!folderSaveSchema.safeParse({ name }).success)
    return 'A folder name cannot contain / or \\ or control characters, and cannot end with a space.';
  return undefined;
}

export type FolderNameDialogProps =
  | { mode: 'create'; parent: Folder; onSaved(folder: Folder): void; onClose(): void }
  | { mode: 'rename'; folder: Folder; onSaved(folder: Folder): void; onClose(): void };

/** Creates a folder in `parent`, or renames `folder`. */
export function FolderNameDialog(props: FolderNameDialogProps) {
  const bridge = useBridge();
  const action = useAsyncAction();
  const [name, setName] = useState(props.mode === 'rename' ? props.folder.name : '');
  const [problem, setProblem] = useState<string | undefined>();

  async function save() {
    const trimmed = name.trim();
    const found = nameProblem(trimmed);
    setProblem(found);
    if (found) return;
    if (props.mode === 'rename' && trimmed === props.folder.name) return props.onClose();
    const folder =
      props.mode === 'create' ? { parentId: props.parent.id, name: trimmed } : { id: props.folder.id, name: trimmed };
    const saved = await action.run(() => bridge.call('documents.saveFolder', { folder }));
    if (saved) props.onSaved(saved);
  }

  const title = props.mode === 'create' ? `New folder in "${props.parent.name}"` : `Rename "${props.folder.name}"`;
  return (
    <Dialog
      open
      title={title}
      onClose={props.onClose}
      size="small"
      actions={
        <Actions
          label={props.mode === 'create' ? 'Create folder' : 'Rename'}
          busy={action.busy}
          onClose={props.onClose}
          onSave={() => void save()}
        />
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Refusal error={action.error} />
        <TextField
          label="Folder name"
          value={name}
          onChange={setName}
          maxLength={200}
          required
          autoFocus
          error={problem}
          hint="Unique among the folders beside it (upper and lower case count as the same)."
        />
      </form>
    </Dialog>
  );
}

/** The folders `moving` can go into, by path: not itself, not its own subfolders. */
export function moveTargets(folders: readonly Folder[], moving: Folder): Array<{ value: string; label: string }> {
  const parentOf = (id: string) => folders.find((f) => f.id === id)?.parentId;
  return folderOptions(folders).filter((option) => !movesIntoOwnSubtree(parentOf, moving.id, option.value));
}

export interface FolderMoveDialogProps {
  folder: Folder;
  folders: readonly Folder[];
  onSaved(folder: Folder): void;
  onClose(): void;
}

/** Moves `folder` (with what it holds) into the folder chosen. */
export function FolderMoveDialog({ folder, folders, onSaved, onClose }: FolderMoveDialogProps) {
  const bridge = useBridge();
  const action = useAsyncAction();
  const [parentId, setParentId] = useState(folder.parentId ?? '');

  async function save() {
    if (parentId === folder.parentId) return onClose();
    const saved = await action.run(() => bridge.call('documents.saveFolder', { folder: { id: folder.id, parentId } }));
    if (saved) onSaved(saved);
  }

  return (
    <Dialog
      open
      title={`Move "${folder.name}"`}
      onClose={onClose}
      size="small"
      actions={<Actions label="Move" busy={action.busy} onClose={onClose} onSave={() => void save()} />}
    >
      <Refusal error={action.error} />
      <SelectField
        label="Move to"
        value={parentId}
        onChange={setParentId}
        options={moveTargets(folders, folder)}
        hint="Its documents and subfolders move with it. Its own subfolders are not offered: a folder cannot go into itself."
      />
    </Dialog>
  );
}
