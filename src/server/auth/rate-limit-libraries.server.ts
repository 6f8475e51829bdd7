/**
 * The rate limiter's libraries, which `rate-limit.server.ts` imports dynamically on first use
 * (decision 056). Both are CommonJS: imported through this ES module, their named exports are
 * kept in the server bundle (esbuild gives a CommonJS package imported dynamically by itself only
 * a default export).
 */
export { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
