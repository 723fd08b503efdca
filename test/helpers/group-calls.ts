/** Group calls shared by the group tests: create, read, list children, page through lists, flatten trees. */
import { expect } from 'vitest';
import type { components } from '../../api/generated/schema';
import { type CallOptions, type Page, type ServerClient, unknownId } from './server-client';

/** The contract's Group. */
export type Group = components['schemas']['Group'];
/** The contract's GroupTreeNode. */
export type GroupTreeNode = components['schemas']['GroupTreeNode'];
/** The contract's Contact. */
export type Contact = components['schemas']['Contact'];
export type { Page } from './server-client';
/** A well-formed id that names no record. */
export const missingId = unknownId;

/** Group calls over one client; each checks the status it expects (methods may be destructured). */
export class GroupCalls {
  private readonly client: () => ServerClient;
  private counter = 0;

  /** `client` is read on each call (the service starts after the test file loads). */
  constructor(client: () => ServerClient) {
    this.client = client;
  }

  /** Creates a static group (a unique name unless given) and returns it. */
  readonly create = async (parentId: string | null, name = `Test group ${++this.counter}`): Promise<Group> => {
    const res = await this.client().call('createGroup', { body: { name, parentId, kind: 'static' } });
    expect(res.status).toBe(201);
    return res.body as Group;
  };

  /** Reads a group that must exist. */
  readonly get = async (id: string): Promise<Group> => {
    const res = await this.client().call('getGroup', { query: { id } });
    expect(res.status).toBe(200);
    return res.body as Group;
  };

  /** The children of a group (null: the top-level groups) in position order. */
  readonly children = async (parentId: string | null): Promise<Group[]> => {
    const query = parentId === null ? { topLevel: true } : { parentId };
    const res = await this.client().call('getGroups', { query: { ...query, sort: 'position', limit: 500 } });
    return (res.body as Page<Group>).items;
  };

  /** Every page of a group list. */
  readonly all = async (
    query: CallOptions['query'],
    op: 'getGroups' | 'getStaticGroups' = 'getGroups',
  ): Promise<Group[]> => {
    return this.client().allPages<Group>(op, { query });
  };

  /** The first `limit` contacts by name. */
  readonly contacts = async (limit: number): Promise<Contact[]> => {
    return ((await this.client().call('listContacts', { query: { limit } })).body as Page<Contact>).items;
  };
}

/** The nodes of a tree, depth-first in sibling order. */
export function flatten(nodes: GroupTreeNode[]): GroupTreeNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}
