/**
 * The rich-content document (SPEC §3 "Rich content document"): what every post and comment is
 * made of. This module is the public entry; the model lives in `./model/` and every node type's
 * data block in `./nodes/<type>/schema.ts`:
 *
 * - `shared.ts`: links, containers, text style, media, node style, generic values
 * - `decorations.ts`: text decorations and their data
 * - `nodes.ts`: every node type with its data block (in `../nodes/<type>/schema.ts`) and allowed
 *   children
 * - `envelope.ts`: the document, its metadata and document style
 * - `limits.ts`, `parse.ts`: `parseDocument`, the entry for documents crossing a boundary
 * - `upgrade.ts`: the stored document's upgrade path (`DOCUMENT_VERSION`, named steps)
 * - `builders.ts`: constructors for the seed and tests
 *
 * Every node type's parts meet in the registries of `../nodes/` (schema, text form and upgrades;
 * renderer; editor part), and a node's own code lives in `../nodes/<type>/`.
 *
 * The older block-and-entity-map form converts with `fromLegacyContent` (`./legacy`); an importer
 * hands a document in either form to `importDocument` (`./import`).
 */
export * from './model/builders';
export * from './model/decorations';
export * from './model/envelope';
export * from './model/limits';
export * from './model/nodes';
export * from './model/parse';
export * from './model/shared';
export * from './nodes/app-embed/schema';
export * from './nodes/audio/schema';
export * from './nodes/blockquote/schema';
export * from './nodes/button/schema';
export * from './nodes/caption/schema';
export * from './nodes/code-block/schema';
export * from './nodes/collapsible-list/schema';
export * from './nodes/divider/schema';
export * from './nodes/embed/schema';
export * from './nodes/external/schema';
export * from './nodes/file/schema';
export * from './nodes/gallery/schema';
export * from './nodes/gif/schema';
export * from './nodes/heading/schema';
export * from './nodes/html/schema';
export * from './nodes/image/schema';
export * from './nodes/layout/schema';
export * from './nodes/link-preview/schema';
export * from './nodes/lists/schema';
export * from './nodes/map/schema';
export * from './nodes/paragraph/schema';
export * from './nodes/poll/schema';
export * from './nodes/table/schema';
export * from './nodes/text/schema';
export * from './nodes/video/schema';
export { isSafeUrl, safeUrl } from './safe-url';
