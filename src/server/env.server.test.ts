import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.server';

describe('the environment’s hosts, proxies and Redis (decision 028)', () => {
  it('runs in demo mode without PUBLIC_URL: the default origin is localhost on PORT', () => {
    const env = parseEnv({ PORT: '4100' });
    expect(env.hosts).toEqual({
      defaultOrigin: 'http://localhost:4100',
      refuseUnknownHosts: false,
    });
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.REDIS_URL).toBeUndefined();
  });

  it('takes PUBLIC_URL as the default site’s origin and then refuses unknown hosts', () => {
    const env = parseEnv({ PUBLIC_URL: 'https://Blog.Example.com/' });
    expect(env.hosts).toEqual({
      defaultOrigin: 'https://blog.example.com',
      refuseUnknownHosts: true,
    });
    expect(parseEnv({ PUBLIC_URL: 'http://127.0.0.1:3100' }).hosts.defaultOrigin).toBe(
      'http://127.0.0.1:3100',
    );
  });

  it('refuses a PUBLIC_URL that is not an http(s) origin', () => {
    for (const bad of ['blog.example.com', 'ftp://blog.example.com', 'https://a.example/blog']) {
      expect(() => parseEnv({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
  });

  it('trusts no proxy unless told: true, or the proxies’ addresses and ranges', () => {
    expect(parseEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
  });

  it('refuses a hop count and anything that is not an address or range, naming it', () => {
    expect(() => parseEnv({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: a hop count/);
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.1,proxy.local' })).toThrow(/proxy\.local/);
  });

  it('takes a redis:// or rediss:// REDIS_URL', () => {
    expect(parseEnv({ REDIS_URL: 'redis://127.0.0.1:6379' }).REDIS_URL).toBe(
      'redis://127.0.0.1:6379',
    );
    expect(() => parseEnv({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
  });
});
