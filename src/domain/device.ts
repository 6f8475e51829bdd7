/**
 * Which device's settings a request gets (SPEC §1: desktop and mobile are customised apart). Like
 * the website builders' mobile sites, the choice follows the browser, not the window width: a
 * phone gets the mobile layout, a narrow desktop window gets the desktop layout made responsive.
 */
import type { Device } from './settings';

/** Phones and small tablets announce themselves with one of these in their user agent. */
const MOBILE_AGENT = /Mobi|iPhone|iPod|Android.+Mobile|Windows Phone|Opera Mini|BlackBerry/i;

/**
 * The device of a request from its headers: the `Sec-CH-UA-Mobile` client hint when the browser
 * sends it (`?1`), else the user agent.
 */
export function deviceFromHeaders(userAgent: string | undefined, mobileHint?: string): Device {
  if (mobileHint === '?1') return 'mobile';
  if (mobileHint === '?0') return 'desktop';
  return userAgent && MOBILE_AGENT.test(userAgent) ? 'mobile' : 'desktop';
}
