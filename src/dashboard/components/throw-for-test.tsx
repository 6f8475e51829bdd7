/**
 * Browser tests only (ENABLE_TEST_ROUTES, decision 042): a screen given `?throw-for-test=<text>`
 * throws `Error(<text>)` from this component once hydrated, so a test can watch a real client
 * error (a built chunk's frame, mapped back to this file) reach Health. Renders nothing.
 */
import { useEffect, useState } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import type { ClientMonitoringConfig } from '../../domain/health';

/** Throws the URL's `throw-for-test` text after hydration when the server has test hooks on. */
export function ThrowForTest() {
  const root = useRouteLoaderData('root') as { monitoring?: ClientMonitoringConfig } | undefined;
  const { search } = useLocation();
  const [isHydrated, setIsHydrated] = useState(false);
  useEffect(() => setIsHydrated(true), []);
  const message = new URLSearchParams(search).get('throw-for-test');
  if (isHydrated && root?.monitoring?.testHooks && message) {
    throw new Error(message);
  }
  return null;
}
