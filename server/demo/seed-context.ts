/** What every area's demo seeder gets (see `./seed.ts`). */
import type { Faker } from '@faker-js/faker';
import type { ServiceRepos } from '../db/service-repos';
import type { ServiceStore } from '../db/store';
import type { DemoPeople } from './people';

/** What an area's demo seeder gets: the store, the areas' repositories, a seeded faker, now (ms since epoch) and the demo people. */
export interface AreaSeedContext {
  store: ServiceStore;
  repos: ServiceRepos;
  f: Faker;
  now: number;
  people: DemoPeople;
}

/** Something that writes demo data: a service area (`server/areas/area.ts`). */
export interface DemoSeeder {
  /** Writes the demo data; runs inside the demo seeding transaction, after people, calendar and documents. */
  seed: (ctx: AreaSeedContext) => void | Promise<void>;
}
