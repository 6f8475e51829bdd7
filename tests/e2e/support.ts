/**
 * Shared steps of the browser tests. Settings change through the test-only route that the e2e
 * server enables (ENABLE_TEST_ROUTES); each spec resets what it changed, since every spec reads
 * the same demo site.
 */
import type { APIRequestContext } from '@playwright/test';

export type Device = 'desktop' | 'mobile';

/** Changes some of the Blog widget's settings of one device; `null` resets a key. */
export async function setSettings(
  request: APIRequestContext,
  device: Device,
  patch: Record<string, unknown>,
): Promise<void> {
  const response = await request.put(`/api/test/widget-settings/blog/${device}`, { data: patch });
  if (!response.ok()) {
    throw new Error(`Settings change failed: ${response.status()} ${await response.text()}`);
  }
}

/** Resets the keys of `patch` on both devices. */
export async function resetSettings(request: APIRequestContext, keys: string[]): Promise<void> {
  const patch = Object.fromEntries(keys.map((key) => [key, null]));
  await setSettings(request, 'desktop', patch);
  await setSettings(request, 'mobile', patch);
}

/** The device whose settings a Playwright project gets (the mobile project is a phone). */
export function deviceOf(projectName: string): Device {
  return projectName === 'mobile' ? 'mobile' : 'desktop';
}
