/**
 * The services' facades (issue 16 §3): each use case is a function of its dependencies and its
 * arguments; a service binds them once at boot, so its callers pass only the arguments.
 */

/** Returns a binder that fixes `deps` as the first argument of a use case. */
export function bindDeps<D>(deps: D) {
  return <A extends unknown[], R>(use: (context: D, ...args: A) => R) =>
    (...args: A): R =>
      use(deps, ...args);
}
