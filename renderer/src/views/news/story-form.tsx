/**
 * The story form, in a dialog: writes a story or edits one. The fields of the contract's
 * `StoryInput` a writer needs (title, summary, body, tags, state), validated with the bridge's own
 * schema (`storyInputSchema`, preload/contract/news.ts, built from api/openapi.yaml) so each message
 * shows next to its field before anything is queued. What is typed is kept as a draft until it is
 * saved or cancelled. Online or offline the save is queued in the outbox and sent by sync.
 */
import {
  type Story,
  type StoryInput,
  type StoryRow,
  type StoryState,
  storyInputSchema,
} from '../../../../preload/contract';
import { FormDialog } from '../../components/forms/form-dialog';
import { SelectField, TextField } from '../../components/forms/form-field';
import { useRecordForm } from '../../components/forms/use-record-form';
import { useBridge } from '../../stores/stores-context';

/** The form's values: one string per field, named as in `StoryInput`. */
interface StoryValues {
  [field: string]: string;
  title: string;
  summary: string;
  body: string;
  /** Tags separated by commas. */
  tags: string;
  state: StoryState;
}

function valuesOf(story: Story | null): StoryValues {
  return {
    title: story?.title ?? '',
    summary: story?.summary ?? '',
    body: story?.body ?? '',
    tags: story?.tags.join(', ') ?? '',
    state: story?.state ?? 'published',
  };
}

/** The StoryInput body of the values (tags split at commas; blank tags dropped). */
function toStoryInput(values: StoryValues, id: string | undefined): StoryInput {
  const tags = values.tags
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
  return {
    ...(id ? { id } : {}),
    title: values.title.trim(),
    summary: values.summary.trim(),
    body: values.body,
    tags,
    state: values.state,
  };
}

const stateOptions = [
  { value: 'published' as const, label: 'Published: every user sees it' },
  { value: 'draft' as const, label: 'Draft: only you (and administrators) see it' },
];

export interface StoryFormProps {
  /** The story to edit, or null to write one. */
  row: StoryRow | null;
  /** Called after the save was queued, with the story as this computer now shows it. */
  onSaved(row: StoryRow): void;
  onClose(): void;
}

/** Renders the open dialog (mount it only while it shows). */
export function StoryForm({ row, onSaved, onClose }: StoryFormProps) {
  const bridge = useBridge();
  const story = row?.story ?? null;
  const form = useRecordForm({
    initial: valuesOf(story),
    toRecord: (values: StoryValues) => toStoryInput(values, story?.id),
    schema: storyInputSchema,
    draftKey: `story:${story?.id ?? 'new'}`,
    pointerPrefix: '/story',
    async save(record: StoryInput) {
      onSaved(await bridge.call('news.save', { story: record, version: story ? story.version : null }));
    },
  });
  const { values, errors, setField } = form;
  const field = (name: keyof StoryValues & string) => ({
    value: values[name],
    error: errors[name],
    onChange: (value: string) => setField(name, value),
  });
  // A refused tag is named by its position (`/tags/2`): its message shows at the tags field.
  const tagError = errors.tags ?? Object.entries(errors).find(([key]) => /^\d+$/.test(key))?.[1];

  return (
    <FormDialog
      title={story ? `Edit "${story.title}"` : 'Write a story'}
      form={form}
      submitLabel={story ? 'Save changes' : values.state === 'published' ? 'Publish story' : 'Save draft'}
      onSubmit={form.submit}
      onClose={onClose}
      className="story-form"
    >
      <TextField label="Title" required maxLength={200} autoFocus {...field('title')} />
      <TextField
        label="Summary"
        multiline
        maxLength={500}
        hint="One or two sentences shown in the list of stories."
        {...field('summary')}
      />
      <TextField
        label="Story"
        multiline
        maxLength={100_000}
        hint="Plain text. Blank lines start a new paragraph; lines starting with # are headings, with - list items."
        {...field('body')}
      />
      <TextField
        label="Tags"
        maxLength={450}
        placeholder="product, sales"
        hint="Up to 10, separated by commas."
        value={values.tags}
        error={tagError}
        onChange={(value) => setField('tags', value)}
      />
      <SelectField
        label="Who sees it"
        required
        value={values.state}
        error={errors.state}
        options={stateOptions}
        onChange={(value) => setField('state', value || 'published')}
      />
    </FormDialog>
  );
}
