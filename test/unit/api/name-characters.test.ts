/**
 * The name rule (`api/name-characters.ts`, the "Names" convention of `api/openapi.yaml`): every name
 * field a client writes carries a pattern that refuses control characters, line separators, every
 * format character (Cf) but joiners inside words, and blank fillers, and accepts real names in any
 * script; the client's forms (zod from the contract's JSON Schemas) refuse them too, in words, and
 * send names in NFC.
 */
import { describe, expect, it } from 'vitest';
import {
  hasForbiddenNameCharacter,
  hasStrayJoiner,
  namePattern,
  namePatternMessage,
  namePatternOf,
  nonUnicodePattern,
  normalizeNameFields,
  stripNameCharacters,
} from '../../../api/name-characters';
import { describeIssue } from '../../../preload/contract/issues';
import { contactSaveSchema } from '../../../preload/contract/write-inputs';
import {
  type Contract,
  type JsonSchema,
  listOperations,
  loadContract,
  resolveRef,
} from '../../../server/contract/spec';

/** One code point of every forbidden range, and its neighbours that stay allowed. */
const forbidden = [
  0x00, 0x09, 0x0a, 0x0d, 0x1b, 0x1f, 0x7f, 0x85, 0x9f, 0x061c, 0x200e, 0x200f, 0x2028, 0x2029, 0x202a, 0x202b, 0x202c,
  0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
  // Format characters (Cf) and blank fillers.
  0xad, 0x0600, 0x06dd, 0x070f, 0x180e, 0x200b, 0x2060, 0x2064, 0x206f, 0xfeff, 0xfff9, 0x110bd, 0x1d173, 0xe0001,
  0xe0041, 0xe007f, 0x115f, 0x1160, 0x3164, 0xffa0, 0x2800,
].map((code) => String.fromCodePoint(code));
const goodNames = [
  'Zoë Müller',
  'O’Brien-Smith',
  'محمد',
  'שלום',
  '北京 Office',
  'Ünsal & Co.',
  'José (Lisbon)',
  '😀 Team',
  'نرم\u200cافزار',
  '👩\u200d💻 Engineering',
  '葛\u{e0100}城',
];

/** The four shapes of name field in the contract (`namePatternOf`). */
const shapes = [
  {},
  { separators: true, nonEmpty: true },
  { separators: true, noTrailingSpace: true },
  { notBlank: true },
];

const { contract } = loadContract();

/** Every string property, by JSON pointer under /body, of the request bodies (JSON and uploaded files). */
function stringFields(c: Contract): Array<{ where: string; name: string; schema: JsonSchema }> {
  const found: Array<{ where: string; name: string; schema: JsonSchema }> = [];
  const seen = new Set<JsonSchema>();
  const walk = (schema: JsonSchema | undefined, where: string) => {
    if (!schema) return;
    const s = (schema.$ref ? resolveRef(c, schema as { $ref: string }) : schema) as JsonSchema;
    if (seen.has(s)) return;
    seen.add(s);
    for (const branch of [...((s.oneOf as JsonSchema[]) ?? []), ...((s.anyOf as JsonSchema[]) ?? [])])
      walk(branch, where);
    for (const [name, p] of Object.entries((s.properties ?? {}) as Record<string, JsonSchema>)) {
      const prop = (p.$ref ? resolveRef(c, p as { $ref: string }) : p) as JsonSchema;
      const types = ([] as unknown[]).concat(prop.type);
      if (types.includes('string')) found.push({ where: `${where}/${name}`, name, schema: prop });
      walk(prop, `${where}/${name}`);
      if (prop.items) walk(prop.items as JsonSchema, `${where}/${name}/*`);
    }
  };
  for (const op of listOperations(c)) {
    for (const media of Object.values(op.operation.requestBody?.content ?? {})) walk(media.schema, op.operationId);
  }
  walk({ $ref: '#/components/schemas/ImportMappingFile' }, 'uploadImportMapping file');
  return found;
}

const nameLike = /^(name|firstName|lastName|jobTitle|title|subject)$/;
const names = stringFields(contract).filter((f) => nameLike.test(f.name));

describe('the contract', () => {
  it('has a name rule on every name-like field a client writes', () => {
    expect(names.map((f) => f.where).sort()).toEqual(
      expect.arrayContaining([
        'saveUser/firstName',
        'saveUser/lastName',
        'saveUser/jobTitle',
        'saveCompany/name',
        'saveDocument/name',
        'saveDocument/title',
        'cloneDocument/title',
        'saveFolder/name',
        'saveCalendar/title',
        'addRecipients/people/*/name',
        'saveCampaign/name',
        'saveCampaign/subject',
        'saveBranch/name',
        'createGroup/name',
        'renameGroup/name',
        'saveExportTemplate/name',
        'saveBlogPost/title',
        'uploadImportMapping file/name',
      ]),
    );
    const built = shapes.map((shape) => namePatternOf(shape));
    for (const field of names) {
      expect(built, field.where).toContain(String(field.schema.pattern));
      const pattern = new RegExp(String(field.schema.pattern), 'u');
      for (const ch of forbidden)
        expect(pattern.test(`Ann${ch}a`), `${field.where} U+${ch.codePointAt(0)}`).toBe(false);
      for (const good of goodNames) expect(pattern.test(good), `${field.where} ${good}`).toBe(true);
    }
  });
});

describe('name-characters', () => {
  it('refuses every format character the engine knows, but the joiners', () => {
    const pattern = new RegExp(namePattern, 'u');
    const passing: string[] = [];
    for (let code = 0; code <= 0x10ffff; code++) {
      const ch = String.fromCodePoint(code);
      if (!/\p{Cf}/u.test(ch) || code === 0x200c || code === 0x200d) continue;
      if (pattern.test(`a${ch}b`)) passing.push(`U+${code.toString(16)}`);
    }
    expect(passing).toEqual([]);
  });

  it('takes a joiner only between two visible characters', () => {
    const pattern = new RegExp(namePattern, 'u');
    for (const good of ['a\u200cb', 'a\u200db c']) expect(pattern.test(good), JSON.stringify(good)).toBe(true);
    for (const bad of ['\u200cab', 'ab\u200c', 'a \u200cb', 'a\u200c b', 'a\u200c\u200db', '\u200d']) {
      expect(pattern.test(bad), JSON.stringify(bad)).toBe(false);
      expect(hasStrayJoiner(bad), JSON.stringify(bad)).toBe(true);
    }
    expect(stripNameCharacters('\u200cinvoice\u200d.pdf')).toBe('invoice\u200d.pdf');
  });

  it('gives an engine without the u flag the same rule', () => {
    for (const shape of shapes.slice(0, 3)) {
      const withFlag = new RegExp(namePatternOf(shape), 'u');
      const without = new RegExp(nonUnicodePattern(namePatternOf(shape)));
      const differ: string[] = [];
      for (let code = 0; code <= 0x10ffff; code++) {
        if (code >= 0xd800 && code <= 0xdfff) continue;
        const value = `a${String.fromCodePoint(code)}b`;
        if (without.test(value) !== withFlag.test(value)) differ.push(`U+${code.toString(16)}`);
      }
      expect(differ).toEqual([]);
    }
  });

  it('puts the names of a body into NFC and leaves other fields alone', () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string', pattern: namePattern },
        notes: { type: 'string' },
        people: {
          type: 'array',
          items: { type: 'object', properties: { name: { type: 'string', pattern: namePattern } } },
        },
      },
    };
    const body = { name: 'Zoe\u0308', notes: 'Zoe\u0308', people: [{ name: 'Jose\u0301' }], extra: 1 };
    expect(normalizeNameFields(schema, body)).toEqual({
      name: 'Zo\u00eb',
      notes: 'Zoe\u0308',
      people: [{ name: 'Jos\u00e9' }],
      extra: 1,
    });
    expect(body.name).toBe('Zoe\u0308');
  });

  it('finds and strips exactly the forbidden characters', () => {
    for (const ch of forbidden) expect(hasForbiddenNameCharacter(`a${ch}b`)).toBe(true);
    for (const good of goodNames) expect(hasForbiddenNameCharacter(good)).toBe(false);
    expect(stripNameCharacters('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(stripNameCharacters('a\tb\u0085c\u2067d\u2069')).toBe('abcd');
  });

  it('puts the rule broken into words', () => {
    const folder = String(names.find((f) => f.where === 'saveFolder/name')?.schema.pattern);
    const story = String(names.find((f) => f.where === 'saveBlogPost/title')?.schema.pattern);
    expect(namePatternMessage(folder, 'a/b')).toBe('must not contain / or \\');
    expect(namePatternMessage(folder, 'trailing ')).toBe('must not end with a space');
    expect(namePatternMessage(story, '   ')).toBe('must not be blank');
    expect(namePatternMessage(story, 'a\u202Eb')).toMatch(/^must not contain control characters/);
    expect(namePatternMessage('^[A-Z]{2}$', 'x')).toBeNull();
  });
});

describe("the client's forms", () => {
  it('refuse a bidirectional override in a contact name before sending, in words', () => {
    const parsed = contactSaveSchema.safeParse({ firstName: 'Eve\u202Elyn', lastName: 'Smith' });
    expect(parsed.success).toBe(false);
    const issue = parsed.error?.issues[0];
    expect(issue?.path).toEqual(['firstName']);
    expect(issue && describeIssue(issue)).toBe(
      'must not contain control characters, line separators or invisible characters (text-direction marks, zero-width spaces and other format characters, blank fillers)',
    );
    expect(contactSaveSchema.safeParse({ firstName: 'محمد', lastName: 'Zoë' }).success).toBe(true);
    for (const hidden of ['Ann\u200ba', 'Ann\u3164', 'Ann\u{e0041}a'])
      expect(contactSaveSchema.safeParse({ firstName: hidden, lastName: 'Smith' }).success, hidden).toBe(false);
  });

  it('send names in NFC', () => {
    const parsed = contactSaveSchema.parse({ firstName: 'Zoe\u0308', lastName: 'Mu\u0308ller', phone: 'e\u0301' });
    expect(parsed).toMatchObject({ firstName: 'Zo\u00eb', lastName: 'M\u00fcller', phone: 'e\u0301' });
  });
});
