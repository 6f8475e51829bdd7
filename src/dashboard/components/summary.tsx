/**
 * The dashboard's counts for any screen under the shell: read them, or ask for them again after
 * an action that changes what waits (a post approved, a report dismissed, a comment approved).
 */
import { createContext, useContext } from 'react';
import type { DashboardSummary } from '../../domain/dashboard';

export interface SummaryApi {
  summary: DashboardSummary;
  /** Reads the counts again from the API; the badges follow. */
  refresh(): Promise<void>;
}

export const SummaryContext = createContext<SummaryApi | null>(null);

/** The counts and their refresh, for a screen under the dashboard's shell. */
export function useDashboardSummary(): SummaryApi {
  const api = useContext(SummaryContext);
  if (!api) throw new Error('useDashboardSummary needs the dashboard layout above it');
  return api;
}
