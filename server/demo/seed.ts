/**
 * Seeds an empty service with deterministic demo data (faker with a fixed seed; dates relative to
 * now): companies, contacts, the demo user, calendar events, folders, documents with real files and
 * notifications. Everything is written in one transaction after the files are generated.
 */
import { base, en, Faker } from '@faker-js/faker';
import type { ServiceRepos } from '../db/service-repos';
import type { ServiceStore } from '../db/store';
import { seedCalendar } from './calendar';
import { seedDocuments } from './documents';
import { seedNotifications } from './notifications';
import { seedPeople } from './people';
import type { DemoSeeder } from './seed-context';
import { demoUser } from './vocabulary';

/** Sizes of the demo data set and the faker seed. */
export interface DemoOptions {
  contacts: number;
  companies: number;
  events: number;
  documents: number;
  notifications: number;
  seed: number;
}

/** The default demo data set (the sizes `server/README.md` lists under Demo data). */
export const defaultDemo: DemoOptions = {
  contacts: 2000,
  companies: 200,
  events: 500,
  documents: 300,
  notifications: 50,
  seed: 20261122,
};

/** The demo user's sign-in. */
export const demoCredentials = { username: demoUser.email, password: demoUser.password };

/** True when the store has been seeded. */
export function isSeeded(store: ServiceStore): boolean {
  return store.db.prepare("SELECT value FROM meta WHERE key = 'seeded_at'").pluck().get() !== undefined;
}

/** What seeding writes to: the store, the areas' repositories and the areas, whose seeders run in order. */
export interface SeedTarget {
  store: ServiceStore;
  repos: ServiceRepos;
  areas: readonly DemoSeeder[];
}

/**
 * Seeds the store: the core records, then every area's demo data in the order of `areas`. Returns
 * the time it took, ms. Throws when the store is already seeded, or what a seeder threw (the seeding
 * transaction is then rolled back).
 */
export async function seedDemo(
  { store, repos, areas }: SeedTarget,
  options: Partial<DemoOptions> = {},
): Promise<number> {
  if (isSeeded(store)) throw new Error('The service data is already seeded.');
  const started = performance.now();
  const o = { ...defaultDemo, ...options };
  const f = new Faker({ locale: [en, base] });
  f.seed(o.seed);
  const now = Date.now();
  store.db.exec('BEGIN');
  try {
    const people = seedPeople(store, f, now, {
      contacts: Math.max(1, o.contacts),
      companies: Math.max(1, o.companies),
    });
    const events = seedCalendar(store, f, now, people, o.events);
    await seedDocuments(store, f, now, people, o.documents);
    seedNotifications(store, f, now, people, events, o.notifications);
    for (const area of areas) await area.seed({ store, repos, f, now, people });
    store.db.prepare("INSERT INTO meta (key, value) VALUES ('seeded_at', ?)").run(new Date(now).toISOString());
    store.db.exec('COMMIT');
  } catch (error) {
    store.db.exec('ROLLBACK');
    throw error;
  }
  return performance.now() - started;
}
