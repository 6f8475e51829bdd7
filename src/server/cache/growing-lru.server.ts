/**
 * Options for an lru-cache that holds at most `entries` entries and takes memory only as it
 * fills. lru-cache's own `max` allocates its key, value and link arrays for all `max` entries
 * when the cache is made (about 5 MB of heap for a 100,000-entry cache with a TTL): the big
 * caches made at start-up cost a start about 20 ms of CPU and the RSS before a single entry was
 * kept (decision 056). Bounded by a size of one per entry instead, the cache's arrays grow with
 * it, and it evicts at the same bound.
 */
export function growingUpTo(entries: number): { maxSize: number; sizeCalculation: () => number } {
  return { maxSize: entries, sizeCalculation: oneEntry };
}

function oneEntry(): number {
  return 1;
}
