/**
 * POLL's bounds (SPEC §3 "Poll"), in one place for the model and the insert dialog. Plain
 * constants without zod, so the reader's bundle can import them.
 */

/**
 * Fewest answers a writer's poll has: the insert dialog asks for two. The model does not
 * require them: a stored or imported poll may have none yet (it is drawn without options).
 */
export const POLL_OPTIONS_MIN = 2;
/**
 * Most answers of one poll, in the insert dialog and in the model (issue 16: the model took
 * 100 while the dialog offered 20; seed, fixtures and tests hold at most 4).
 */
export const POLL_OPTIONS_MAX = 20;
