/**
 * A group's descriptive data (`Save Group Meta`): description, colour and tags, on the shared
 * record form (components/forms/use-record-form.ts): checked with the bridge's schema (the
 * contract's GroupMetaSave) before it is queued, kept as a draft until it is saved, refusals next
 * to their field; sent with the version it was edited against (If-Match).
 */
import { type Group, groupMetaSaveSchema } from '../../../../preload/contract';
import { ActionButton } from '../../components/action-button';
import { TextField } from '../../components/forms/form-field';
import { useRecordForm } from '../../components/forms/use-record-form';
import { useAccess } from '../../lib/use-access';
import { useBridge, useUi } from '../../stores/stores-context';
import { savedWords } from './use-group-write';

/** Tags typed as a comma-separated list, without blanks or repeats. */
function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

/** Renders the form for `group`. */
export function GroupMetaForm({ group }: { group: Group }) {
  const bridge = useBridge();
  const access = useAccess('saveGroupMeta', group);
  const pushToast = useUi((s) => s.pushToast);
  const initial = { description: group.description ?? '', colour: group.colour ?? '', tags: group.tags.join(', ') };
  const form = useRecordForm({
    initial,
    draftKey: `groupMeta:${group.id}`,
    pointerPrefix: '/meta',
    schema: groupMetaSaveSchema,
    toRecord: (values) => ({
      id: group.id,
      description: values.description.trim() || null,
      colour: values.colour.trim().toLowerCase() || null,
      tags: parseTags(values.tags),
    }),
    save: async (meta) => {
      const queued = await bridge.call('groups.saveMeta', { meta, version: group.version });
      pushToast({ title: queued.summary, body: savedWords });
    },
  });
  const { values, errors } = form;
  const changed = (Object.keys(initial) as (keyof typeof initial)[]).some((name) => values[name] !== initial[name]);
  // A tag refused on its own is named by its index (`/tags/2`); it is said at the Tags field.
  const tagError =
    errors.tags ?? Object.entries(errors).find(([field, message]) => /^\d+$/.test(field) && message)?.[1];

  return (
    <form
      className="group-form"
      aria-label="Description, colour and tags"
      onSubmit={(event) => {
        event.preventDefault();
        if (access.allowed) void form.submit();
      }}
    >
      {form.formError ? (
        <p className="form-error" role="alert">
          {form.formError}
        </p>
      ) : null}
      <TextField
        label="Description"
        value={values.description}
        onChange={(value) => form.setField('description', value)}
        maxLength={2000}
        multiline
        error={errors.description}
        hint={form.restoredDraft ? 'Restored from a draft you did not save.' : undefined}
      />
      <div className="group-colour-row">
        <TextField
          label="Colour"
          value={values.colour}
          onChange={(value) => form.setField('colour', value)}
          maxLength={7}
          placeholder="#2f6fde"
          hint="A colour code, # and six hexadecimal digits."
          error={errors.colour}
        />
        {/^#[0-9a-fA-F]{6}$/.test(values.colour) ? (
          <span className="group-swatch" style={{ background: values.colour }} aria-hidden="true" />
        ) : null}
      </div>
      <TextField
        label="Tags"
        value={values.tags}
        onChange={(value) => form.setField('tags', value)}
        hint="Separated by commas; at most 20, each up to 40 characters."
        error={tagError}
      />
      <div className="group-form-actions">
        <ActionButton type="submit" className="button" disabled={!changed || form.saving} refusal={access.reason}>
          Save description
        </ActionButton>
        {form.restoredDraft ? (
          <button type="button" className="button button-quiet" onClick={form.discard}>
            Discard the draft
          </button>
        ) : null}
      </div>
    </form>
  );
}
