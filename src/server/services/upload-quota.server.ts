/**
 * The upload quota (SPEC §8 `file-upload-limited`): each member of a site may upload at most
 * `maxUploads` files and `maxBytes` bytes within a sliding window (domain `UPLOAD_QUOTA`).
 *
 * Kept in memory, not in the database: Inkwell runs as one process (DESIGN.md), so the counts
 * are exact; the quota is a throttle that protects the server's disk and CPU from a burst, not a
 * bill, so losing the counts on a restart costs nothing; and it keeps a write off every upload.
 * Running several processes would move it to a shared store (a table or Redis) behind the same
 * interface.
 */
import { UPLOAD_QUOTA } from '../../domain/media-upload';

export interface UploadQuotaLimits {
  windowMs: number;
  maxUploads: number;
  maxBytes: number;
}

export interface UploadQuotaDeps {
  /** Milliseconds since the epoch; tests pass a fake one. */
  now?: () => number;
  limits?: UploadQuotaLimits;
}

interface Entry {
  at: number;
  bytes: number;
}

/** A reserved upload: settle it with `commit(bytes)` once stored, or `release()` on failure. */
export interface UploadTicket {
  commit(bytes: number): void;
  release(): void;
}

/** The verdict of `reserve`: a ticket, or how long until the member may upload again. */
export type QuotaVerdict =
  | { isAllowed: true; ticket: UploadTicket }
  | { isAllowed: false; retryAfterMs: number };

// Past this many tracked members, a reservation sweeps out everyone whose window is empty, so
// the map holds only members who uploaded within the last window.
const SWEEP_THRESHOLD = 10_000;

/** Builds the upload quota of the app. */
export function createUploadQuota({ now = Date.now, limits = UPLOAD_QUOTA }: UploadQuotaDeps = {}) {
  const uploads = new Map<string, Entry[]>();

  function recent(key: string, at: number): Entry[] {
    const since = at - limits.windowMs;
    const entries = (uploads.get(key) ?? []).filter((entry) => entry.at > since);
    if (entries.length > 0) uploads.set(key, entries);
    else uploads.delete(key);
    return entries;
  }

  function sweep(at: number) {
    for (const key of [...uploads.keys()]) recent(key, at);
  }

  return {
    /**
     * Reserves one upload of about `expectedBytes` (the request's length, when known) for a
     * member of a site. The reservation counts at once, so parallel uploads cannot all slip
     * under the limit.
     */
    reserve(siteId: string, memberId: string, expectedBytes = 0): QuotaVerdict {
      const at = now();
      if (uploads.size > SWEEP_THRESHOLD) sweep(at);
      const key = `${siteId}:${memberId}`;
      const entries = recent(key, at);
      const usedBytes = entries.reduce((sum, entry) => sum + entry.bytes, 0);
      const isOverCount = entries.length >= limits.maxUploads;
      const isOverBytes = usedBytes + expectedBytes > limits.maxBytes;
      if (isOverCount || isOverBytes) {
        // The earliest moment an old upload leaves the window (the whole window when one upload
        // alone is over the byte limit).
        const oldest = entries[0]?.at ?? at;
        return { isAllowed: false, retryAfterMs: Math.max(1000, oldest + limits.windowMs - at) };
      }
      const entry: Entry = { at, bytes: expectedBytes };
      uploads.set(key, [...entries, entry]);
      let isSettled = false;
      return {
        isAllowed: true,
        ticket: {
          commit(bytes) {
            if (isSettled) return;
            isSettled = true;
            entry.bytes = bytes;
          },
          release() {
            if (isSettled) return;
            isSettled = true;
            const remaining = (uploads.get(key) ?? []).filter((other) => other !== entry);
            if (remaining.length > 0) uploads.set(key, remaining);
            else uploads.delete(key);
          },
        },
      };
    },
  };
}

export type UploadQuota = ReturnType<typeof createUploadQuota>;
