/**
 * The folder dialogs of the Documents view: "New folder" (in the chosen folder) and "Rename", one
 * name field checked with the contract's FolderSave schema (`folderSaveSchema`); and "Move to…", a
 * picker of the folders it can go into (the folder itself and its own subfolders are not offered:
 * a folder cannot contain itself). Each queues its change through the write path; a refusal stays
 * in the dialog with what was typed or chosen (components/tree-edit-dialogs.tsx).
 */
import { type Folder, folderSaveSchema, movesIntoOwnSubtree } from '../../../../preload/contract';
import { TreeMoveDialog, TreeNameDialog } from '../../components/tree-edit-dialogs';
import { useAsyncAction } from '../../lib/use-async-action';
import { useBridge } from '../../stores/stores-context';
import { folderOptions } from './folder-options';

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

  async function save(name: string) {
    if (props.mode === 'rename' && name === props.folder.name) return props.onClose();
    const folder = props.mode === 'create' ? { parentId: props.parent.id, name } : { id: props.folder.id, name };
    const saved = await action.run(() => bridge.call('documents.saveFolder', { folder }));
    if (saved) props.onSaved(saved);
  }

  return (
    <TreeNameDialog
      title={props.mode === 'create' ? `New folder in "${props.parent.name}"` : `Rename "${props.folder.name}"`}
      submitLabel={props.mode === 'create' ? 'Create folder' : 'Rename'}
      fieldLabel="Folder name"
      hint="Unique among the folders beside it (upper and lower case count as the same)."
      maxLength={200}
      initialName={props.mode === 'rename' ? props.folder.name : ''}
      check={nameProblem}
      onSubmit={(name) => void save(name)}
      onClose={props.onClose}
      action={action}
    />
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

  async function save(parentId: string) {
    if (parentId === folder.parentId) return onClose();
    const saved = await action.run(() => bridge.call('documents.saveFolder', { folder: { id: folder.id, parentId } }));
    if (saved) onSaved(saved);
  }

  return (
    <TreeMoveDialog
      title={`Move "${folder.name}"`}
      options={moveTargets(folders, folder)}
      initialPlace={folder.parentId ?? ''}
      hint="Its documents and subfolders move with it. Its own subfolders are not offered: a folder cannot go into itself."
      onSubmit={(parentId) => void save(parentId)}
      onClose={onClose}
      action={action}
    />
  );
}
