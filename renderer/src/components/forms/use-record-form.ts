/**
 * `useRecordForm`: the state of a record form. It validates with the same zod schema the bridge
 * validates with (built from the HTTP contract, see preload/contract/write-inputs.ts), so every
 * limit is checked before anything is queued and the message lands next to its field; a refusal
 * from the core or the service (`BridgeError.fields`, JSON pointers) lands next to the same field.
 * What the user types is kept as a draft on this machine (`drafts.*`) until it is saved or
 * discarded, so closing the window mid-edit loses nothing.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { BridgeError } from '../../../../preload/contract';
import { fieldErrors } from '../../../../preload/contract/issues';
import { errorMessage } from '../../lib/errors';
import { useBridge } from '../../stores/stores-context';

/** The values of a form: one string (text inputs, selects) or boolean (checkboxes) per field. */
export type FormValues = Record<string, string | boolean>;

export interface RecordFormOptions<V extends FormValues, R> {
  /** The values the form starts from (the record, or defaults for a new one). */
  initial: V;
  /** Turns the values into the record the schema validates (e.g. '' → null). */
  toRecord(values: V): unknown;
  schema: z.ZodType<R>;
  /** Where the draft is kept (`contact:new`, `contact:<id>`…); null keeps none. */
  draftKey: string | null;
  /**
   * JSON pointer prefix of the record inside the call's input (`/contact`), so a refusal's
   * `/contact/email` is shown at the `email` field.
   */
  pointerPrefix: string;
  /** Saves the validated record; throws BridgeError on refusal. */
  save(record: R): Promise<void>;
}

export interface RecordForm<V extends FormValues> {
  values: V;
  /** Message per field name, from local validation or the last refusal. */
  errors: Partial<Record<keyof V & string, string>>;
  /** A message not tied to one field (offline, not found…). */
  formError: string | null;
  saving: boolean;
  /** True when the form shows a draft kept from an earlier session. */
  restoredDraft: boolean;
  setField<K extends keyof V & string>(name: K, value: V[K]): void;
  /** Validates and saves; resolves true when saved (the draft is then removed). */
  submit(): Promise<boolean>;
  /** Forgets the draft and goes back to `initial`. */
  discard(): void;
}

/** Field name of a JSON pointer under `prefix` (`/contact/address/city` → `address/city` → `city`'s last token). */
function fieldOf(pointer: string, prefix: string): string {
  const rest = pointer.startsWith(`${prefix}/`) ? pointer.slice(prefix.length + 1) : pointer.replace(/^\//, '');
  return rest.split('/').pop() ?? rest;
}

/** Keeps a record form's values, errors and draft. */
export function useRecordForm<V extends FormValues, R>(options: RecordFormOptions<V, R>): RecordForm<V> {
  const bridge = useBridge();
  const { draftKey } = options;
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<RecordForm<V>['errors']>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [restoredDraft, setRestoredDraft] = useState(false);
  const dirty = useRef(false);
  const latest = useRef(options);
  latest.current = options;

  // A draft kept from before wins over the record's values.
  useEffect(() => {
    if (!draftKey) return;
    let current = true;
    bridge.call('drafts.get', { key: draftKey }).then(
      (draft) => {
        if (!current || !draft || dirty.current) return;
        setValues((previous) => ({ ...previous, ...(draft.value as Partial<V>) }));
        setRestoredDraft(true);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [bridge, draftKey]);

  // Keep the draft half a second after the last keystroke.
  const unsaved = useRef<V | null>(null);
  useEffect(() => {
    if (!draftKey || !dirty.current) return;
    unsaved.current = values;
    const timer = setTimeout(() => {
      unsaved.current = null;
      void bridge.call('drafts.put', { key: draftKey, value: values }).catch(() => undefined);
    }, 500);
    return () => clearTimeout(timer);
  }, [bridge, draftKey, values]);

  // Closed within that half second (Escape, ×, or the window itself): the last keystrokes are kept too.
  useEffect(() => {
    const flush = () => {
      if (!draftKey || !dirty.current || !unsaved.current) return;
      const value = unsaved.current;
      unsaved.current = null;
      void bridge.call('drafts.put', { key: draftKey, value }).catch(() => undefined);
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [bridge, draftKey]);

  const setField = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    dirty.current = true;
    setValues((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => ({ ...previous, [name]: undefined }));
  }, []);

  const submit = useCallback(async () => {
    const { schema, toRecord, save, pointerPrefix } = latest.current;
    const parsed = schema.safeParse(toRecord(values));
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const error of fieldErrors(parsed.error.issues)) next[fieldOf(error.pointer, '')] ??= error.message;
      setErrors(next as RecordForm<V>['errors']);
      setFormError('Some fields need a change before this can be saved.');
      return false;
    }
    setSaving(true);
    setFormError(null);
    try {
      await save(parsed.data);
      if (draftKey) void bridge.call('drafts.remove', { key: draftKey }).catch(() => undefined);
      dirty.current = false;
      setRestoredDraft(false);
      setErrors({});
      return true;
    } catch (reason) {
      if (reason instanceof BridgeError && reason.fields?.length) {
        const next: Record<string, string> = {};
        for (const error of reason.fields) next[fieldOf(error.pointer, pointerPrefix)] ??= error.message;
        setErrors(next as RecordForm<V>['errors']);
      }
      setFormError(errorMessage(reason));
      return false;
    } finally {
      setSaving(false);
    }
  }, [bridge, draftKey, values]);

  const discard = useCallback(() => {
    if (draftKey) void bridge.call('drafts.remove', { key: draftKey }).catch(() => undefined);
    dirty.current = false;
    setRestoredDraft(false);
    setValues(latest.current.initial);
    setErrors({});
    setFormError(null);
  }, [bridge, draftKey]);

  return { values, errors, formError, saving, restoredDraft, setField, submit, discard };
}
