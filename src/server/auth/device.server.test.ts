import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deviceTokenFor, isDeviceTokenOf } from './device.server';

const site = randomUUID();
const member = randomUUID();
const hash = '$scrypt$ln=15,r=8,p=1$c2FsdA$aGFzaA';

describe('device tokens', () => {
  it('are cookie-safe and check out for the member they were made for', () => {
    const token = deviceTokenFor(site, member, hash);
    expect(token).toMatch(/^[0-9a-f-]{36}\.[\w-]+\.[\w-]+$/);
    expect(isDeviceTokenOf(token, site, member, hash)).toBe(true);
    expect(deviceTokenFor(site, member, hash)).not.toBe(token);
  });

  it('do not check out for another member, site or password, or once tampered with', () => {
    const token = deviceTokenFor(site, member, hash);
    expect(isDeviceTokenOf(token, site, randomUUID(), hash)).toBe(false);
    expect(isDeviceTokenOf(token, randomUUID(), member, hash)).toBe(false);
    // A new password (a reset) ends every device's trust.
    expect(isDeviceTokenOf(token, site, member, `${hash}x`)).toBe(false);
    const [id, nonce, mac] = token.split('.');
    expect(isDeviceTokenOf(`${id}.${nonce}x.${mac}`, site, member, hash)).toBe(false);
    expect(isDeviceTokenOf(`${id}.${nonce}.${mac!.slice(1)}`, site, member, hash)).toBe(false);
    for (const junk of [null, undefined, '', 'a.b', `${id}.${nonce}.${mac}.x`]) {
      expect(isDeviceTokenOf(junk, site, member, hash)).toBe(false);
    }
  });
});
