/**
 * Follows a dashboard job (issue 21): asks its API every TRANSFER_POLL_MS while it runs and stops
 * once it is done or failed (or the screen goes away). No websocket: the job lives in the server's
 * process and a poll is a map lookup.
 */
import { useEffect, useState } from 'react';
import { isSettled, TRANSFER_POLL_MS, type TransferJobState } from '../../domain/import-export';
import { callApi } from '../components/api';

/** The job as last read, and a setter for what an action answered. */
export function useJob<T extends { id: string; state: TransferJobState }>(
  initial: T | null,
  urlOf: (id: string) => string,
): [T | null, (job: T | null) => void] {
  const [job, setJob] = useState<T | null>(initial);
  const id = job?.id ?? null;
  const isWaiting = job !== null && !isSettled(job.state);
  // biome-ignore lint/correctness/useExhaustiveDependencies: urlOf is a constant of the caller.
  useEffect(() => {
    if (id === null || !isWaiting) return;
    let isCurrent = true;
    const timer = setTimeout(async () => {
      const result = await callApi<T>('GET', urlOf(id));
      if (!isCurrent) return;
      if (result.ok) setJob(result.value);
      // The server forgot the job (it restarted): the screen starts over.
      else if (result.status === 404) setJob(null);
      // An answer that did not come (a blip) is asked again by the next round.
      else setJob((current) => (current ? { ...current } : current));
    }, TRANSFER_POLL_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [id, isWaiting, job]);
  return [job, setJob];
}
