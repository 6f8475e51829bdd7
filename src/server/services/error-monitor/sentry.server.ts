/**
 * Sentry for server and job errors when SENTRY_DSN is set (issue 18; decision 042): @sentry/node
 * is imported only then, so a server without a DSN loads none of it. Its default integrations
 * (OpenTelemetry tracing, global handlers) stay off: the recorder decides what is an error, and
 * Sentry is told of exactly those.
 */
import type { ErrorForwarder } from './recorder.server';

/** A forwarder to Sentry, or null without a DSN. */
export async function createSentryForwarder(options: {
  dsn: string | undefined;
  release: string;
  environment?: string;
}): Promise<ErrorForwarder | null> {
  if (!options.dsn) return null;
  const Sentry = await import('@sentry/node');
  const client = Sentry.initWithoutDefaultIntegrations({
    dsn: options.dsn,
    release: options.release,
    environment: options.environment,
    // No tracing: only the errors the recorder records.
    tracesSampleRate: 0,
  });
  return {
    captureException(error, { kind, source }) {
      try {
        Sentry.captureException(error, { tags: { kind, ...(source ? { job: source } : {}) } });
      } catch {
        // Reporting must never add a failure to the one it reports.
      }
    },
    async flush() {
      await client?.flush(2000);
    },
  };
}
