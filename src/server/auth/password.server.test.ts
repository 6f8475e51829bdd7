import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  needsRehash,
  parsePasswordHash,
  SCRYPT_PARAMS,
  verifyAgainstDummy,
  verifyPassword,
} from './password.server';

// Cheap parameters where the cost is not what is tested.
const FAST = { ln: 10, r: 8, p: 1 };

describe('password hashing', () => {
  it('stores scrypt in PHC form with its parameters and a fresh salt', async () => {
    const hash = await hashPassword('correct horse', FAST);
    expect(hash).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await hashPassword('correct horse', FAST)).not.toBe(hash);
  });

  it('verifies the right password only', async () => {
    const hash = await hashPassword('correct horse', FAST);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('treats equivalent Unicode forms as one password (NFKC)', async () => {
    const hash = await hashPassword('caf\u00e9', FAST);
    expect(await verifyPassword('cafe\u0301', hash)).toBe(true);
  });

  it('uses the memory-hard default parameters, and verifies with what the hash says', async () => {
    expect(SCRYPT_PARAMS).toEqual({ ln: 15, r: 8, p: 1 });
    const strong = await hashPassword('pass phrase');
    expect(parsePasswordHash(strong)?.params).toEqual(SCRYPT_PARAMS);
    expect(needsRehash(strong)).toBe(false);
    // An older, cheaper hash still verifies and asks to be replaced.
    const weak = await hashPassword('pass phrase', FAST);
    expect(await verifyPassword('pass phrase', weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
  });

  it('never accepts a malformed or tampered hash', async () => {
    for (const stored of [
      '',
      'plain text',
      '$scrypt$ln=40,r=8,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA',
      '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA',
    ]) {
      expect(await verifyPassword('anything', stored)).toBe(false);
      expect(needsRehash(stored)).toBe(true);
    }
  });

  it('spends a check on a missing account and says no', async () => {
    expect(await verifyAgainstDummy('whatever')).toBe(false);
  });
});
