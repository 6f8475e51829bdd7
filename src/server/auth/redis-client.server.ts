/**
 * ioredis, which the rate limiter's Redis store imports dynamically, only when REDIS_URL is set
 * (decision 056). Through this ES module, for the reason `rate-limit-libraries.server.ts` gives.
 */
export { Redis } from 'ioredis';
