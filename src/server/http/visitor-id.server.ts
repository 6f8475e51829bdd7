/**
 * An anonymous visitor's id (SPEC §3 likes and polls "member or anonymous visitor"): a random UUID
 * in an httpOnly cookie, minted the first time a visitor does something that must be counted once
 * (a vote in a poll open to all). Reading never mints: a visitor who only reads gets no cookie,
 * which keeps cached pages free of Set-Cookie.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const VISITOR_COOKIE = 'inkwell_visitor';

/** A year: the visitor stays the same voter while they keep the cookie. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The visitor id the request carries, or null (absent or not one we could have minted). */
export function readVisitorId(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== VISITOR_COOKIE) continue;
    const value = rest.join('=');
    return UUID.test(value) ? value.toLowerCase() : null;
  }
  return null;
}

/** The request's visitor id, minting one (and setting its cookie on the reply) when it has none. */
export function ensureVisitorId(request: FastifyRequest, reply: FastifyReply): string {
  const existing = readVisitorId(request);
  if (existing) return existing;
  const minted = randomUUID();
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${VISITOR_COOKIE}=${minted}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
  );
  return minted;
}
