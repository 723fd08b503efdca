/**
 * Record links: `brm://<kind>/<id>` opens a record in BRM Desktop (docs/PACKAGING.md, "Record
 * links"). The installers register the `brm` scheme with the OS; the Electron shell hands the
 * link to the core, which passes it to the window. Kinds: contact, company, event (a calendar
 * event), document, deal; ids are the service's UUIDs. Shared by the core and the renderer (for
 * "Copy link"), so it imports nothing but zod.
 */
import { z } from 'zod';
import { call, empty } from './common';

/** The URL scheme of record links (RFC 3986 scheme, lower case). */
export const recordLinkScheme = 'brm';

/** The record types a link can open, by the link's kind. */
const typeOfKind = {
  contact: 'contact',
  company: 'company',
  event: 'calendarEvent',
  document: 'document',
  deal: 'deal',
} as const;

/** A record type a link opens. */
export type LinkedRecordType = (typeof typeOfKind)[keyof typeof typeOfKind];

/** The record a link names. */
export interface RecordLink {
  type: LinkedRecordType;
  id: string;
}

const uuid = z.uuid();

/**
 * The record `url` names, or null when it is not a record link: another scheme, an unknown kind, an
 * id that is not a UUID, or anything after the id but a trailing slash. Case of the scheme and
 * kind is ignored (RFC 3986 §3.1: schemes are case-insensitive); the id is compared lower-cased.
 */
export function parseRecordLink(url: string): RecordLink | null {
  const match = /^brm:\/\/([a-z]+)\/([0-9a-f-]{36})\/?$/i.exec(url.trim());
  if (!match) return null;
  const type = typeOfKind[match[1].toLowerCase() as keyof typeof typeOfKind];
  const id = match[2].toLowerCase();
  if (!type || !uuid.safeParse(id).success) return null;
  return { type, id };
}

/** The link of record `id` of `type` (`brm://contact/<id>`). */
export function recordLinkOf(type: LinkedRecordType, id: string): string {
  const kind = Object.entries(typeOfKind).find(([, t]) => t === type)?.[0];
  return `${recordLinkScheme}://${kind}/${id}`;
}

export const recordLinkCalls = {
  /** The record link that arrived last and was not taken yet (null when none); taking it clears it. */
  'app.takeRecordLink': call<RecordLink | null>()(empty),
} as const;

export interface RecordLinkEvents {
  /** A record link arrived: the window takes it with `app.takeRecordLink` and opens the record. */
  'app.recordLink': Record<string, never>;
}
