/**
 * Writes of the Contact and Company groups: `saveUser`, `archiveContact`, `deleteContact`,
 * `saveCompany`, `deleteCompany`. Who may call them is the contract's `x-access` (`server/http/access.ts`).
 */
import type { components } from '../../api/generated/schema';
import type { Contact } from '../db/contacts';
import type { ServiceStore } from '../db/store';
import type { OperationHandlers } from '../http/bind';
import { checkIfMatch } from '../http/preconditions';
import { conflict, notFound } from '../http/problem';
import { nextState, type TransitionTable } from '../http/transitions';
import { type OperationDeps, versionETag } from './deps';

type ContactState = components['schemas']['ContactState'];

/** Moves of a contact's state (contract: `ContactState`). */
export const contactTransitions: TransitionTable<ContactState, 'archive' | 'restore'> = {
  archive: { from: ['active'], to: 'archived' },
  restore: { from: ['archived'], to: 'active' },
};

/**
 * Runs a delete; a foreign key that still points at the record (another kind of record) becomes a
 * 409 with `refusal`, a sentence a user can act on.
 */
function deleting<T>(refusal: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw conflict(refusal);
    throw error;
  }
}

/** Throws 409 when the contact is a user or organizes calendar events. */
function checkContactDeletable(store: ServiceStore, contact: Contact): void {
  const name = `${contact.firstName} ${contact.lastName}`;
  if (store.users.currentUser(contact.id)) {
    throw conflict(`${name} (${contact.id}) is a user who can sign in; users cannot be deleted.`);
  }
  const events = store.db
    .prepare("SELECT COUNT(*) FROM calendar_events WHERE json_extract(data, '$.organizerId') = ?")
    .pluck()
    .get(contact.id) as number;
  if (events > 0) {
    throw conflict(
      `${name} (${contact.id}) organizes ${events} calendar event(s); delete them or give them another organizer first.`,
    );
  }
}

/** Handlers of the contact and company writes. */
export function contactWriteHandlers(
  deps: OperationDeps,
): Pick<OperationHandlers, 'saveUser' | 'archiveContact' | 'deleteContact' | 'saveCompany' | 'deleteCompany'> {
  const { store, repos } = deps;
  const { contacts, companies } = store;
  const membersOf = store.db.prepare('SELECT data FROM contacts WHERE company_id = ?').pluck();
  const contactOf = (id: string) => {
    const contact = contacts.get(id);
    if (!contact) throw notFound('contact', id);
    return contact;
  };
  const companyOf = (id: string) => {
    const company = companies.get(id);
    if (!company) throw notFound('company', id);
    return company;
  };
  const deleteContactRecord = (contact: Contact) => {
    checkContactDeletable(store, contact);
    store.deleteContact(contact.id);
    repos.avatarImages.remove('contact', contact.id);
  };

  return {
    saveUser: ({ body, headers, reply }) => {
      return store.transaction(() => {
        const existing = body.id === undefined ? undefined : contactOf(body.id);
        checkIfMatch(headers['If-Match'], existing, 'contact');
        if (body.companyId) companyOf(body.companyId);
        const saved = store.saveContact(existing ? body : { ...body, state: 'active' });
        reply.code(existing ? 200 : 201).header('ETag', versionETag(saved));
        return saved;
      });
    },

    archiveContact: ({ body, headers, reply }) => {
      return store.transaction(() => {
        const contact = contactOf(body.id);
        checkIfMatch(headers['If-Match'], contact, 'contact');
        const action = body.archived ? 'archive' : 'restore';
        const state = nextState(contactTransitions, action, contact.state, 'contact', contact.id);
        if (action === 'archive' && store.users.currentUser(contact.id)) {
          throw conflict(
            `${contact.firstName} ${contact.lastName} is a user who can sign in; users cannot be archived.`,
          );
        }
        const saved = store.saveContact({ ...contact, state });
        reply.header('ETag', versionETag(saved));
        return saved;
      });
    },

    deleteContact: ({ query, reply }) => {
      store.transaction(() => {
        const contact = contactOf(query.id);
        deleting(
          `${contact.firstName} ${contact.lastName} is still named by other records; it cannot be deleted while they refer to it. Archive the contact instead.`,
          () => deleteContactRecord(contact),
        );
      });
      reply.code(204);
      return reply.send();
    },

    saveCompany: ({ body, headers, reply }) => {
      return store.transaction(() => {
        const existing = body.id === undefined ? undefined : companyOf(body.id);
        checkIfMatch(headers['If-Match'], existing, 'company');
        const saved = store.saveCompany(body);
        reply.code(existing ? 200 : 201).header('ETag', versionETag(saved));
        return saved;
      });
    },

    deleteCompany: ({ query, reply }) => {
      store.transaction(() => {
        const company = companyOf(query.id);
        const ownerId = store.users.currentUser(store.demoUserId)?.companyId;
        if (company.id === ownerId) {
          throw conflict(`${company.name} is the service owner's company (its users' employer); it cannot be deleted.`);
        }
        const members = (membersOf.all(company.id) as string[]).map((json) => JSON.parse(json) as Contact);
        if (members.length > 0 && !query.cascade) {
          throw conflict(
            `${members.length === 1 ? 'A contact still belongs' : `${members.length} contacts still belong`} to ${company.name}; move them to another company or delete them first (the request's cascade=true deletes them with it).`,
          );
        }
        deleting(`Deals or rebates still name ${company.name}; a company they name cannot be deleted.`, () => {
          for (const contact of members) deleteContactRecord(contact);
          companies.delete(company.id);
          repos.avatarImages.remove('company', company.id);
        });
      });
      reply.code(204);
      return reply.send();
    },
  };
}
