/**
 * The stored document's upgrade path (`model/upgrade.ts`): the document-wide steps and every
 * node's own steps from the registry, checked when this module loads, so a version bump without
 * its steps fails at start-up and in every test. `parseDocument` applies it.
 */
import { DOCUMENT_VERSION, type RichDocument } from '../model/envelope';
import type { NodeType } from '../model/nodes';
import {
  type DocumentUpgrade,
  nodeUpgradeStep,
  type UpgradePath,
  upgradeDocument,
  upgradePath,
} from '../model/upgrade';
import { NODES } from './registry';

/** Steps of the envelope and the document style (not of one node); none yet. */
const DOCUMENT_STEPS: readonly DocumentUpgrade[] = [];

/** Every node's steps as document steps. */
const NODE_STEPS = (Object.keys(NODES) as NodeType[]).flatMap((type) =>
  NODES[type].upgrades.map((step) => nodeUpgradeStep(type, step)),
);

/** From version 1 to `DOCUMENT_VERSION`. */
export const DOCUMENT_UPGRADE_PATH = upgradePath(DOCUMENT_VERSION, [
  ...DOCUMENT_STEPS,
  ...NODE_STEPS,
]);

/**
 * A stored row's document, validated when it was saved, at today's version: the upgrade steps
 * from its stored version up, without the schema's full re-parse (at today's version this is a
 * version check and the row itself is returned). For reads that trust the row (the page
 * renderer's preview of a post); anything from outside goes through `parseDocument`.
 */
export function upgradeStoredDocument(
  stored: unknown,
  path: UpgradePath = DOCUMENT_UPGRADE_PATH,
): RichDocument {
  return upgradeDocument(stored, path) as RichDocument;
}
