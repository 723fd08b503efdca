/**
 * The Avatar group: `getAvatar` (contacts) and `getCompanyLogo` (companies). A stored picture is
 * scaled to the asked size; without one, an initials image is generated. Answers carry `ETag` (the
 * image's SHA-256), `Last-Modified` and `Cache-Control`; a matching `If-None-Match` answers 304
 * (RFC 9110 §13.1.2, §15.4.5).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { ImageOwner, StoredImage } from '../db/avatar-images';
import { colourOf, initialsOf, renderInitials, resizePicture } from '../files/initials-image';
import type { OperationHandlers } from '../http/bind';
import { notFound } from '../http/problem';
import type { OperationDeps } from './deps';

/** How long clients may reuse an image without asking again, seconds (one day). */
const imageMaxAgeSeconds = 86_400;
const cacheControl = `private, max-age=${imageMaxAgeSeconds}`;
const cacheEntries = 512;

interface RenderedImage {
  contentType: string;
  bytes: Buffer;
  etag: string;
}

/** True when an `If-None-Match` value names `etag` (weak comparison, RFC 9110 §13.1.2) or is `*`. */
export function noneMatchHits(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const tags = ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, ''));
  return tags.includes('*') || tags.includes(etag);
}

/** Handlers of the Avatar group. */
export function avatarHandlers(deps: OperationDeps): Pick<OperationHandlers, 'getAvatar' | 'getCompanyLogo'> {
  const { store } = deps;
  const { avatarImages } = deps.repos;
  const cache = new Map<string, RenderedImage>();

  const render = async (
    kind: ImageOwner,
    id: string,
    words: string[],
    stored: StoredImage | undefined,
    size: number,
  ) => {
    const initials = initialsOf(...words);
    const key = `${kind}:${id}:${stored ? stored.sha256 : initials}:${size}`;
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const bytes = stored
      ? await resizePicture(stored.bytes, stored.contentType.slice('image/'.length) as 'png' | 'jpeg' | 'webp', size)
      : await renderInitials(initials, colourOf(id), size);
    const image = {
      contentType: stored?.contentType ?? 'image/png',
      bytes,
      etag: `"${createHash('sha256').update(bytes).digest('hex')}"`,
    };
    cache.set(key, image);
    if (cache.size > cacheEntries) cache.delete(cache.keys().next().value as string);
    return image;
  };

  const answer = (reply: FastifyReply, image: RenderedImage, modifiedAt: string, ifNoneMatch: string | undefined) => {
    reply.header('ETag', image.etag).header('Cache-Control', cacheControl);
    if (noneMatchHits(ifNoneMatch, image.etag)) {
      reply.code(304);
      return reply.send();
    }
    return reply.header('Last-Modified', new Date(modifiedAt).toUTCString()).type(image.contentType).send(image.bytes);
  };

  return {
    getAvatar: async ({ query, headers, reply }) => {
      const contact = store.contacts.get(query.id);
      if (!contact) throw notFound('contact', query.id);
      const stored = avatarImages.get('contact', contact.id);
      const image = await render(
        'contact',
        contact.id,
        [contact.firstName, contact.lastName],
        stored,
        query.size ?? 128,
      );
      return answer(reply, image, stored?.updatedAt ?? contact.updatedAt, headers['If-None-Match']);
    },

    getCompanyLogo: async ({ query, headers, reply }) => {
      const company = store.companies.get(query.id);
      if (!company) throw notFound('company', query.id);
      const stored = avatarImages.get('company', company.id);
      const image = await render('company', company.id, [company.name], stored, query.size ?? 128);
      return answer(reply, image, stored?.updatedAt ?? company.updatedAt, headers['If-None-Match']);
    },
  };
}
