/**
 * Data blocks of the interactive nodes (SPEC §3): POLL, BUTTON, APP_EMBED and MAP, each in its
 * node's folder (`nodes/<type>/schema.ts`) and re-exported here for the model's public entry.
 */
export * from '../nodes/app-embed/schema';
export * from '../nodes/button/schema';
export * from '../nodes/map/schema';
export * from '../nodes/poll/schema';
