/**
 * The bounds of an error report (issue 18; decision 042) that the page's reporter and the
 * server's intake share. Apart from domain/health.ts so the reporter, which every blog page
 * loads, imports no schema library.
 */

/** Longest message kept (characters). */
export const ERROR_MESSAGE_MAX = 1000;
/** Longest stack kept (characters): about 40 frames. */
export const ERROR_STACK_MAX = 8000;
/** Longest page address kept. */
export const ERROR_URL_MAX = 2000;
/** Reports in one intake request (the page's reporter sends at most this many per request). */
export const ERROR_REPORTS_PER_BATCH = 10;
/** Distinct reports one page sends in its whole life (the reporter's cap). */
export const ERROR_REPORTS_PER_PAGE = 20;
/** Most occurrences one report may say it stands for. */
export const ERROR_REPORT_COUNT_MAX = 10_000;
/** The intake's address. */
export const ERROR_INTAKE_URL = '/api/errors';
/**
 * The window event a lazy chunk that failed to load dispatches (SPEC §8: it renders nothing),
 * with the error as `detail`; the reporter listens (rich-content cannot import it).
 */
export const CHUNK_ERROR_EVENT = 'inkwell:chunk-error';
