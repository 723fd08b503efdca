/**
 * A service area: one slice of the contract's groups with its own tables, operation handlers and
 * demo data. The start-up code (`server/compose.ts`) composes every area (see `./index.ts`): it
 * creates their tables, makes their repositories once (`ServiceRepos`) and hands those to the
 * handlers and seeders. An area owns its files and reaches other areas only through those repositories.
 */
import type { DemoSeeder } from '../demo/seed-context';
import type { HandlerSource } from '../operations';

/**
 * One area of the service: its `handlers` (by operationId, made once from the operation
 * dependencies) and its demo `seed`, which runs inside the demo seeding transaction after people,
 * calendar and documents.
 */
export interface ServiceArea extends HandlerSource, DemoSeeder {
  /** Short name, for errors and logs. */
  name: string;
  /** SQL statements that create the area's tables (schema version 2), run once per database. */
  ddl: string;
}
