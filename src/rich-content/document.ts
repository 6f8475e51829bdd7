/**
 * The rich-content document (SPEC §3 "Rich content document"): what every post and comment is
 * made of. This module is the public entry; the model lives in `./model/`, one module per family:
 *
 * - `shared.ts`: links, containers, text style, media, node style, generic values
 * - `decorations.ts`: text decorations and their data
 * - `text-nodes.ts`, `media-nodes.ts`, `interactive.ts`, `structure.ts`: data blocks
 * - `nodes.ts`: every node type with its data block and allowed children
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
export * from './model/interactive';
export * from './model/limits';
export * from './model/media-nodes';
export * from './model/nodes';
export * from './model/parse';
export * from './model/shared';
export * from './model/structure';
export * from './model/text-nodes';
export { isSafeUrl, safeUrl } from './safe-url';
