import { describe, expect, it } from 'vitest';
import { OWN_PROFILE_URL, saveOwnProfile } from './profile-client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('saveOwnProfile', () => {
  it('sends the changes as a JSON PATCH and resolves with the saved profile', async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const profile = { siteMemberId: 'm-1', slug: 'ada', name: 'Ada' };
    const result = await saveOwnProfile({ name: 'Ada' }, async (url, init) => {
      calls.push([url, init]);
      return json(200, profile);
    });
    expect(result).toEqual({ kind: 'ok', profile });
    expect(calls[0]?.[0]).toBe(OWN_PROFILE_URL);
    expect(calls[0]?.[1]).toMatchObject({ method: 'PATCH', body: '{"name":"Ada"}' });
  });

  it('resolves a refusal with its code and fields, never throwing', async () => {
    const result = await saveOwnProfile({ name: '' }, async () =>
      json(400, {
        error: { code: 'profile_name_required', message: 'x', fields: { name: 'is required' } },
      }),
    );
    expect(result).toEqual({
      kind: 'refused',
      status: 400,
      code: 'profile_name_required',
      fields: { name: 'is required' },
    });
    const unreadable = await saveOwnProfile({}, async () => new Response('nope', { status: 401 }));
    expect(unreadable).toEqual({ kind: 'refused', status: 401, code: 'unknown', fields: {} });
  });

  it('calls no answer and a server error a network problem', async () => {
    expect(
      await saveOwnProfile({}, async () => {
        throw new TypeError('offline');
      }),
    ).toEqual({ kind: 'network', status: 0 });
    expect(await saveOwnProfile({}, async () => json(503, {}))).toEqual({
      kind: 'network',
      status: 503,
    });
  });
});
