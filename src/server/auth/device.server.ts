/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"; decision 028):
 * a browser that signed in to an account carries a token naming the member, signed with a key
 * only the server knows, and is exempt from that account's slow-down. So however many strangers
 * fail at an account, its owner still signs in from their own browser at once.
 *
 * The signing key is the member's stored password hash: secret, different for every member, and
 * changed by a password reset, which therefore ends every device's trust. No key to configure or
 * share between server processes; the check needs the credentials row the login reads anyway.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The device cookie's name. */
export const DEVICE_COOKIE = 'inkwell_device';
/** How long a browser stays known: a year from its last sign-in. */
export const DEVICE_TTL_SECONDS = 365 * 24 * 60 * 60;

function macOf(siteId: string, memberId: string, nonce: string, key: string): Buffer {
  return createHmac('sha256', key)
    .update(`inkwell device v1|${siteId}|${memberId}|${nonce}`)
    .digest();
}

/** A new device token for the member: `<memberId>.<nonce>.<signature>`, all cookie-safe. */
export function deviceTokenFor(siteId: string, memberId: string, passwordHash: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${memberId}.${nonce}.${macOf(siteId, memberId, nonce, passwordHash).toString('base64url')}`;
}

/** Whether `token` was signed for this member with this password hash. */
export function isDeviceTokenOf(
  token: string | null | undefined,
  siteId: string,
  memberId: string,
  passwordHash: string,
): boolean {
  const parts = token?.split('.') ?? [];
  if (parts.length !== 3 || parts[0] !== memberId) return false;
  const presented = Buffer.from(parts[2]!, 'base64url');
  const expected = macOf(siteId, memberId, parts[1]!, passwordHash);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}
