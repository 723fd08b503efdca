/** Operations of the Pim group: the PIM calendar, import mappings, export templates and file validation. */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { loadContract } from '../contract/spec';
import { pageJson } from '../db/paging';
import { attachmentDisposition, sanitizeFileName } from '../files/disposition';
import { filePartBuffer, filePartBytes } from '../files/multipart';
import type { OperationHandlers } from '../http/bind';
import { checkIfMatch } from '../http/preconditions';
import { notFound, validationProblem } from '../http/problem';
import { nameNormalizer, schemaCheck } from '../http/request-checks';
import { maxPimRangeMs, PimCalendarReader, toICalendar } from '../pim/calendar-feed';
import { readForm } from '../pim/form-parts';
import { exportColumnProblems, mappingProblems, validationSetup } from '../pim/pim-rules';
import { validateCsv } from '../pim/csv-validation';
import { type OperationDeps, versionETag } from './deps';

/** Largest import mapping file, bytes (64 KiB), as the contract states. */
const maxMappingFileBytes = 64 * 1024;
/** Largest CSV file `Validate File` reads, bytes (10 MiB), as the contract states. */
const maxValidatedFileBytes = 10 * 1024 * 1024;

type PimOperations =
  | 'getPimCalendar'
  | 'uploadImportMapping'
  | 'getImportMappingsFile'
  | 'saveExportTemplate'
  | 'deleteExportTemplate'
  | 'validateFile';

/** Handlers of the Pim group. */
export function pimHandlers(deps: OperationDeps): Pick<OperationHandlers, PimOperations> {
  const { store } = deps;
  const { pim } = deps.repos;
  const calendars = new PimCalendarReader(store.db);
  const mappingFileSchema = { $ref: '#/components/schemas/ImportMappingFile' };
  const checkMappingFile = schemaCheck(loadContract().contract, {}, mappingFileSchema, '/body/file');
  const normalizeMappingFile = nameNormalizer(loadContract().contract, mappingFileSchema);
  const companyByName = store.db.prepare('SELECT 1 FROM companies WHERE name = ? LIMIT 1').pluck();
  const companyExists = (name: string) => companyByName.get(name) !== undefined;

  return {
    getPimCalendar: ({ query, request, reply, userId }) => {
      const from = Date.parse(query.from);
      const to = Date.parse(query.to);
      if (!(to > from)) throw validationProblem([{ pointer: '/query/to', detail: 'must be after `from`' }]);
      if (to - from > maxPimRangeMs)
        throw validationProblem([{ pointer: '/query/to', detail: 'must be at most 366 days after `from`' }]);
      const calendar = calendars.read(userId, new Date(from).toISOString(), new Date(to).toISOString());
      const accept = request.headers.accept ?? '';
      const format = query.format ?? (/\btext\/calendar\b/i.test(accept) ? 'ics' : 'json');
      reply.header('Vary', 'Accept');
      if (format === 'json') return calendar;
      const user = store.users.currentUser(userId);
      const name = user ? `${user.firstName} ${user.lastName}` : 'BRM user';
      return reply
        .type('text/calendar; charset=utf-8')
        .send(toICalendar(calendar, { name, email: user?.email ?? 'user@invalid' }));
    },

    uploadImportMapping: async ({ request, reply, userId }) => {
      const file = await readForm(request, {
        maxFileBytes: maxMappingFileBytes,
        limitText: '64 KiB',
        onFile: async (_fields, part) => filePartBuffer(part),
      });
      let parsed: unknown;
      try {
        parsed = normalizeMappingFile(JSON.parse(file.toString('utf8').replace(/^\uFEFF/, '')));
      } catch {
        throw validationProblem([{ pointer: '/body/file', detail: 'is not a JSON document' }]);
      }
      const errors = checkMappingFile(parsed);
      if (errors.length) throw validationProblem(errors);
      const body = parsed as Parameters<typeof mappingProblems>[0];
      const problems = mappingProblems(body);
      if (problems.length) throw validationProblem(problems);
      // A name that clashes with another mapping of the target: 409 (NameTakenError, server/db/unique-names.ts).
      const mapping = store.transaction(() => pim.saveMapping(randomUUID(), { ...body, ownerId: userId }));
      return reply.code(201).header('ETag', versionETag(mapping)).send(mapping);
    },

    getImportMappingsFile: ({ query, reply }) => {
      if (query.id === undefined) {
        return pageJson(
          pim.listMappings({
            target: query.target,
            q: query.q,
            sort: query.sort,
            cursor: query.cursor,
            limit: query.limit ?? 50,
          }),
        );
      }
      const mapping = pim.mapping(query.id);
      if (!mapping) throw notFound('import mapping', query.id);
      reply.header('ETag', versionETag(mapping));
      reply.header('Content-Disposition', attachmentDisposition(`${sanitizeFileName(mapping.name) || 'mapping'}.json`));
      return { name: mapping.name, target: mapping.target, columns: mapping.columns };
    },

    saveExportTemplate: ({ body, headers, reply, userId }) => {
      const problems = exportColumnProblems(body.target, body.columns);
      if (problems.length) throw validationProblem(problems);
      const template = store.transaction(() => {
        const id = body.id ?? randomUUID();
        const existing = body.id === undefined ? undefined : pim.template(body.id);
        if (body.id !== undefined && !existing) throw notFound('export template', body.id);
        checkIfMatch(headers['If-Match'], existing, 'export template');
        // A name that clashes with another template of the target: 409 (NameTakenError).
        return pim.saveTemplate(id, {
          name: body.name,
          target: body.target,
          columns: body.columns,
          delimiter: body.delimiter ?? ',',
          ownerId: userId,
        });
      });
      return reply
        .code(body.id === undefined ? 201 : 200)
        .header('ETag', versionETag(template))
        .send(template);
    },

    deleteExportTemplate: ({ query, headers, reply }) => {
      store.transaction(() => {
        const existing = pim.template(query.id);
        if (!existing) throw notFound('export template', query.id);
        checkIfMatch(headers['If-Match'], existing, 'export template');
        pim.deleteTemplate(query.id);
      });
      reply.code(204);
      return reply.send();
    },

    validateFile: async ({ request }) =>
      readForm(request, {
        maxFileBytes: maxValidatedFileBytes,
        limitText: '10 MiB',
        onFile: async (fields, part) => {
          const setup = validationSetup(fields, (id) => pim.mapping(id), companyExists);
          const result = await validateCsv(Readable.from(filePartBytes(part)), setup);
          return {
            target: setup.target,
            mappingId: setup.mappingId,
            fileName: sanitizeFileName(part.filename ?? '') || 'upload.csv',
            ...result,
          };
        },
      }),
  };
}
