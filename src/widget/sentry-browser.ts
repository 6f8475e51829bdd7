/**
 * Sentry's browser SDK (decision 042), its own chunk: the error reporter imports it only when
 * the server has a SENTRY_DSN, so pages without one never fetch it. Its own global handlers are
 * off; the reporter hands it what it catches (boundaries and chunks included).
 */
import {
  BrowserClient,
  defaultStackParser,
  getCurrentScope,
  makeFetchTransport,
} from '@sentry/browser';

/** Starts a client for `dsn`; returns what the reporter calls. */
export function startSentry(dsn: string, release: string) {
  const client = new BrowserClient({
    dsn,
    release,
    transport: makeFetchTransport,
    stackParser: defaultStackParser,
    integrations: [],
  });
  getCurrentScope().setClient(client);
  client.init();
  return { captureException: (error: unknown) => client.captureException(error) };
}
