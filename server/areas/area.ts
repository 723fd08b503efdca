/**
 * A service area: one slice of the contract's groups with its own tables, operation handlers and
 * demo data. The service composes every area (see `./index.ts`); an area owns its files and reaches
 * other areas only through their exported repositories.
 */
import type { Faker } from '@faker-js/faker';
import type { ServiceStore } from '../db/store';
import type { DemoPeople } from '../demo/people';
import type { OperationHandlers } from '../http/bind';
import type { OperationDeps } from '../operations/deps';

/** What an area's demo seeder gets: the store, a seeded faker, now (ms since epoch) and the demo people. */
export interface AreaSeedContext {
  store: ServiceStore;
  f: Faker;
  now: number;
  people: DemoPeople;
}

/** One area of the service. */
export interface ServiceArea {
  /** Short name, for errors and logs. */
  name: string;
  /** SQL statements that create the area's tables (schema version 2), run once per database. */
  ddl: string;
  /** The area's operation handlers by operationId. */
  handlers: (deps: OperationDeps) => Partial<OperationHandlers>;
  /** Writes the area's demo data; runs inside the demo seeding transaction, after people, calendar and documents. */
  seed: (ctx: AreaSeedContext) => void | Promise<void>;
}
