/**
 * Types the load context React Router hands to every loader: the request's site and the read
 * service bound to it (see domain/reader.ts).
 */
import type { RequestContext } from './domain/reader';

declare module 'react-router' {
  interface AppLoadContext extends RequestContext {}
}
