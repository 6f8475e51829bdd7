/**
 * What every route gets from the app before its handler runs (issue 15 "Hostile input";
 * decision 027). The field rules live in the domain's schemas (`safeText()` above all); these
 * hooks hold the three rules that are about the request as a whole:
 *
 * - a path whose parameters carry text that cannot be stored (U+0000, a lone surrogate) names
 *   nothing: 404, before any service or database sees it (API routes and the page catch-all);
 * - a JSON body is an object: `null`, an array, a number or a string is a 400 naming `body`
 *   (handlers default a missing body with `?? {}`, which `null` slipped through);
 * - a request answered before its body was read (an upload refused mid-file with 413) has the
 *   rest of its body drained, up to `UNREAD_BODY_DRAIN_MAX_BYTES`, so the kept-alive connection
 *   serves the next request; past that it is closed instead of read for nothing.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isSafeText } from '../../domain/text-input';
import { NotFoundError, ValidationError } from '../errors.server';

/**
 * The largest announced body drained after an early answer. An image refused at its 25 MB limit
 * leaves about what its sender added past it; reading 32 MB on the local network is a fraction
 * of a second, and a larger upload (a video over 200 MB) is cheaper to cut than to read.
 */
export const UNREAD_BODY_DRAIN_MAX_BYTES = 32 * 1024 * 1024;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

function hasUnsafeParameter(request: FastifyRequest): boolean {
  const params = request.params as Record<string, unknown> | undefined;
  if (!params) return false;
  for (const value of Object.values(params)) {
    if (typeof value === 'string' && !isSafeText(value)) return true;
  }
  return false;
}

/** Registers the hooks on the root instance, before any route (hooks reach later plugins). */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (hasUnsafeParameter(request)) {
      throw new NotFoundError('route_not_found', 'No such address');
    }
  });

  app.addHook('preValidation', async (request) => {
    const body = request.body;
    if (body === undefined || !JSON_TYPE.test(request.headers['content-type'] ?? '')) return;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new ValidationError({ body: 'must be a JSON object' });
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const raw = request.raw;
    // `complete` is false only on a real socket whose request body has not all arrived
    // (injected requests have no such flag and no connection to keep).
    if (raw.complete !== false) return payload;
    const announced = Number(request.headers['content-length']);
    if (announced <= UNREAD_BODY_DRAIN_MAX_BYTES) {
      // Whoever stopped reading (the multipart parser behind a refused file) lets go, and the
      // rest flows to nowhere; Node reads the next request once this one has ended.
      raw.unpipe();
      raw.resume();
    } else {
      // Chunked or large: Node closes the socket once this answer is sent.
      reply.header('connection', 'close');
    }
    return payload;
  });
}
