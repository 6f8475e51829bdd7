/**
 * Password hashing (issue 5: "a memory-hard hash"; decision 017): Node's built-in scrypt, no
 * native dependency. A hash is stored in PHC string form with its parameters and salt
 * (`$scrypt$ln=15,r=8,p=1$<salt>$<hash>`, base64 without padding), so parameters can be raised
 * later: old hashes still verify, and `needsRehash` says when to store a new one at login.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost parameters: N = 2^ln, block size r, parallelism p. */
export interface ScryptParams {
  ln: number;
  r: number;
  p: number;
}

/**
 * N = 2^15, r = 8, p = 1: 32 MiB and about 50–100 ms per hash on this hardware. OWASP's scrypt
 * minimum is 2^17 (128 MiB); the server's whole memory budget is 250 MB (decision 004), so a
 * few concurrent logins at 128 MiB each would break it. Decision 017 has the reasoning.
 */
export const SCRYPT_PARAMS: Readonly<ScryptParams> = Object.freeze({ ln: 15, r: 8, p: 1 });

const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Refuse stored parameters beyond this (a tampered row must not make us allocate gigabytes). */
const MAX_LN = 20;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const N = 2 ** params.ln;
  const options: ScryptOptions = {
    N,
    r: params.r,
    p: params.p,
    // scrypt needs 128 · N · r bytes; Node's default ceiling (32 MiB) is exactly that at 2^15.
    maxmem: 128 * N * params.r * params.p + 16 * 1024 * 1024,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

/** Hashes a password with a fresh salt (async: scrypt runs on libuv's thread pool). */
export async function hashPassword(
  password: string,
  params: ScryptParams = SCRYPT_PARAMS,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params);
  return `$scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${b64(salt)}$${b64(key)}`;
}

/** A stored hash taken apart, or null when it is not one we wrote. */
export function parsePasswordHash(
  stored: string,
): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const match =
    /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(
      stored,
    );
  if (!match) return null;
  const params = { ln: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  if (params.ln < 1 || params.ln > MAX_LN || params.r < 1 || params.p < 1) return null;
  const salt = Buffer.from(match[4]!, 'base64');
  const key = Buffer.from(match[5]!, 'base64');
  if (salt.length < 8 || key.length < 16) return null;
  return { params, salt, key };
}

/** Whether `password` matches `stored`; compared in constant time. A malformed hash never does. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** Whether a stored hash was made with other parameters than today's (rehash at next login). */
export function needsRehash(stored: string, params: ScryptParams = SCRYPT_PARAMS): boolean {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return true;
  return (
    parsed.params.ln !== params.ln || parsed.params.r !== params.r || parsed.params.p !== params.p
  );
}

let dummy: Promise<string> | undefined;

/**
 * Spends the time a password check takes, for a login whose address matches no account: the
 * answer then takes as long as a wrong password's, so timing does not tell whether an account
 * exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword('inkwell dummy password');
  await verifyPassword(password, await dummy);
  return false;
}
