/**
 * `POST /errors` (issue 18 § Error monitoring): the blog's pages report their errors here, in
 * batches (domain/health.ts `ClientErrorBatchSchema`), by `fetch` or `navigator.sendBeacon`.
 * Limited per client address (the login limits' store, decision 028): 429 past
 * `ERROR_INTAKE_PER_MINUTE`. A bad batch is a 400 naming the field; the body is bounded; the
 * answer is 202 once the batch is in the recorder's buffer, which never throws. No anti-forgery
 * token (`csrf: 'none'`): a beacon cannot carry one, and a report changes nobody's data.
 */
import type { FastifyInstance } from 'fastify';
import { ClientErrorBatchSchema, ERROR_INTAKE_PER_MINUTE } from '../../domain/health';
import { clientKeyOf, type Limiter } from '../auth/rate-limit.server';
import { AppError } from '../errors.server';
import type { ErrorRecorder } from '../services/error-monitor/recorder.server';

/** Largest intake body: ten reports of the longest stack, message and address, with room. */
export const ERROR_INTAKE_BODY_LIMIT = 128 * 1024;

export interface ErrorIntakeRoutesDeps {
  recorder: Pick<ErrorRecorder, 'recordClient'>;
  limiter: Limiter;
}

/** The intake's rate limit. */
export const ERROR_INTAKE_LIMIT = { limit: ERROR_INTAKE_PER_MINUTE, windowSeconds: 60 };

/** Registers the intake under the caller's prefix (normally `/api`). */
export async function errorIntakeRoutes(
  app: FastifyInstance,
  { recorder, limiter }: ErrorIntakeRoutesDeps,
) {
  app.post(
    '/errors',
    { bodyLimit: ERROR_INTAKE_BODY_LIMIT, config: { csrf: 'none' } },
    async (request, reply) => {
      const key = clientKeyOf(request.ip);
      const hits = await limiter.hit(key);
      if (hits > limiter.limit.limit) {
        const wait = await limiter.retryAfterMs(key);
        reply.header('retry-after', String(Math.max(1, Math.ceil(wait / 1000))));
        throw new AppError(429, 'too_many_reports', 'Too many error reports; try again later');
      }
      const batch = ClientErrorBatchSchema.parse(request.body);
      const site = await request.site;
      const userAgent = request.headers['user-agent'] ?? null;
      for (const report of batch.reports) recorder.recordClient(site.id, report, userAgent);
      return reply.status(202).send();
    },
  );
}
