/**
 * A group's descriptive data (`Save Group Meta`): description, colour and tags. Checked with the
 * bridge's schema (the contract's GroupMetaSave) before it is queued, sent with the version it was
 * edited against (If-Match); what was typed stays when it is refused.
 */
import { useState } from 'react';
import { type Group, groupMetaSaveSchema } from '../../../../preload/contract';
import { TextField } from '../../components/forms/form-field';
import { useBridge } from '../../stores/stores-context';
import { useGroupWrite } from './use-group-write';
import { messagesByField } from './zod-errors';

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
  const write = useGroupWrite();
  const [description, setDescription] = useState(group.description ?? '');
  const [colour, setColour] = useState(group.colour ?? '');
  const [tags, setTags] = useState(group.tags.join(', '));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const changed =
    description !== (group.description ?? '') || colour !== (group.colour ?? '') || tags !== group.tags.join(', ');

  async function save() {
    const meta = {
      id: group.id,
      description: description.trim() || null,
      colour: colour.trim().toLowerCase() || null,
      tags: parseTags(tags),
    };
    const parsed = groupMetaSaveSchema.safeParse(meta);
    if (!parsed.success) {
      setErrors(messagesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    await write.run(() => bridge.call('groups.saveMeta', { meta: parsed.data, version: group.version }));
  }

  return (
    <form
      className="group-form"
      aria-label="Description, colour and tags"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {write.error ? (
        <p className="form-error" role="alert">
          {write.error}
        </p>
      ) : null}
      <TextField
        label="Description"
        value={description}
        onChange={setDescription}
        maxLength={2000}
        multiline
        error={errors.description}
      />
      <div className="group-colour-row">
        <TextField
          label="Colour"
          value={colour}
          onChange={setColour}
          maxLength={7}
          placeholder="#2f6fde"
          hint="A colour code, # and six hexadecimal digits."
          error={errors.colour}
        />
        {/^#[0-9a-fA-F]{6}$/.test(colour) ? (
          <span className="group-swatch" style={{ background: colour }} aria-hidden="true" />
        ) : null}
      </div>
      <TextField
        label="Tags"
        value={tags}
        onChange={setTags}
        hint="Separated by commas; at most 20, each up to 40 characters."
        error={errors.tags ?? Object.entries(errors).find(([field]) => /^\d+$/.test(field))?.[1]}
      />
      <button type="submit" className="button" disabled={!changed || write.busy}>
        Save description
      </button>
    </form>
  );
}
