import { describe, expect, it } from 'vitest';
import { deviceFromHeaders } from './device';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0 Mobile Safari/537.36';
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0 Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0 Safari/537.36';

describe('deviceFromHeaders', () => {
  it('gives phones the mobile settings', () => {
    expect(deviceFromHeaders(IPHONE)).toBe('mobile');
    expect(deviceFromHeaders(ANDROID_PHONE)).toBe('mobile');
  });

  it('gives desktops, tablets, bots and unknown agents the desktop settings', () => {
    expect(deviceFromHeaders(DESKTOP)).toBe('desktop');
    expect(deviceFromHeaders(ANDROID_TABLET)).toBe('desktop');
    expect(deviceFromHeaders('Googlebot/2.1 (+http://www.google.com/bot.html)')).toBe('desktop');
    expect(deviceFromHeaders(undefined)).toBe('desktop');
  });

  it('trusts the mobile client hint over the user agent', () => {
    expect(deviceFromHeaders(DESKTOP, '?1')).toBe('mobile');
    expect(deviceFromHeaders(IPHONE, '?0')).toBe('desktop');
  });
});
