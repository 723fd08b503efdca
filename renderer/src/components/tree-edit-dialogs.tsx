/**
 * The dialogs that edit one item of a shared tree (components/tree-view.tsx) by its name or its
 * place, the keyboard way of what components/tree-drag.tsx does by dragging: one name field, or a
 * select of the places the item can go. Each is a `FormDialog` (components/form-dialog.tsx): Cancel
 * and the action's button, "Saving…" while the change is queued, and the refusal of the last try
 * kept in the dialog with what was typed or chosen. Used by the group tree and the documents'
 * folder tree; the caller checks the name, and decides what an unchanged answer does and what is sent.
 */
import { useState } from 'react';
import { FormDialog } from './form-dialog';
import { SelectField, TextField } from './forms/form-field';

/** The state of the caller's queued write (`useAsyncAction` or a wrapper of it). */
export interface TreeEditWrite {
  busy: boolean;
  /** The refusal of the last try, in words; null before any try or after a success. */
  error: string | null;
}

export interface TreeNameDialogProps {
  title: string;
  /** The submit button's words ("Rename", "Create folder"). */
  submitLabel: string;
  /** The name field's label and hint, and the longest name the contract takes (characters). */
  fieldLabel: string;
  hint: string;
  maxLength: number;
  /** The name the field starts with ('' for a new item). */
  initialName: string;
  /** What is wrong with a (trimmed) name, in words, or undefined when it can be sent. */
  check(name: string): string | undefined;
  /** Called with the trimmed name once `check` takes it. */
  onSubmit(name: string): void;
  onClose(): void;
  action: TreeEditWrite;
}

/** Names a new item of the tree or renames one. */
export function TreeNameDialog(props: TreeNameDialogProps) {
  const [name, setName] = useState(props.initialName);
  const [problem, setProblem] = useState<string | undefined>();

  function submit() {
    const trimmed = name.trim();
    const found = props.check(trimmed);
    setProblem(found);
    if (!found) props.onSubmit(trimmed);
  }

  return (
    <FormDialog
      title={props.title}
      onClose={props.onClose}
      size="small"
      submitLabel={props.submitLabel}
      busyLabel="Saving…"
      busy={props.action.busy}
      error={props.action.error}
      onSubmit={submit}
    >
      <TextField
        label={props.fieldLabel}
        value={name}
        onChange={setName}
        maxLength={props.maxLength}
        required
        autoFocus
        error={problem}
        hint={props.hint}
      />
    </FormDialog>
  );
}

export interface TreeMoveDialogProps {
  title: string;
  /** The places the item can go (its own subtree left out), and the one it is in now. */
  options: Array<{ value: string; label: string }>;
  initialPlace: string;
  hint: string;
  /** Called with the place chosen (an option's value). */
  onSubmit(place: string): void;
  onClose(): void;
  action: TreeEditWrite;
}

/** Moves an item of the tree (with its subtree) to the place chosen. */
export function TreeMoveDialog(props: TreeMoveDialogProps) {
  const [place, setPlace] = useState(props.initialPlace);
  return (
    <FormDialog
      title={props.title}
      onClose={props.onClose}
      size="small"
      submitLabel="Move"
      busyLabel="Saving…"
      busy={props.action.busy}
      error={props.action.error}
      onSubmit={() => props.onSubmit(place)}
    >
      <SelectField label="Move to" value={place} onChange={setPlace} options={props.options} hint={props.hint} />
    </FormDialog>
  );
}
