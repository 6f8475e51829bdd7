/**
 * The stored document's upgrade path (`model/upgrade.ts`): the document-wide steps and every
 * node's own steps from the registry, checked when this module loads, so a version bump without
 * its steps fails at start-up and in every test. `parseDocument` applies it.
 */
import { DOCUMENT_VERSION } from '../model/envelope';
import type { NodeType } from '../model/nodes';
import { type DocumentUpgrade, nodeUpgradeStep, upgradePath } from '../model/upgrade';
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
