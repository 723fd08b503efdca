/**
 * A second signed-in user for tests of permissions and notifications: a new contact made a user of
 * the running test service with the given roles, and a client signed in as them.
 */
import type { Role } from '../../server/db/users';
import { ServerClient, type TestService } from './server-client';

/** A user created for a test and a contract-checking client signed in as them. */
export interface ExtraUser {
  id: string;
  client: ServerClient;
}

/** Creates a user (`<name>@example.com`, a fixed password) with `roles` and signs them in. */
export async function createExtraUser(t: TestService, name: string, roles: Role[]): Promise<ExtraUser> {
  const { store } = t.service;
  const email = `${name.toLowerCase()}@example.com`;
  const contact = store.saveContact({ firstName: name, lastName: 'Tester', email });
  store.users.create(contact, email, 'correct horse battery staple', roles);
  const client = new ServerClient(t.service.url);
  await client.signIn({ username: email, password: 'correct horse battery staple' });
  return { id: contact.id, client };
}
