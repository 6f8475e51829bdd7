/**
 * The upgrade path of stored documents (decision 011: a change to a node's shape bumps
 * `DOCUMENT_VERSION` and ships a named upgrade step; CONVENTIONS "Versioned documents", after
 * tldraw's record migrations). A document read at an older version goes through every step from
 * its version up, in order, before the schema checks it (`parseDocument`). Steps work on the raw
 * JSON (the old shape does not pass today's schema), after the size limits have bounded it.
 *
 * A node's own steps live with the node (`nodes/<type>/`) and are listed in the registry
 * (`nodes/registry.ts`); `nodes/upgrades.ts` joins them into the path. The path is checked when it
 * is built: steps lead from version 1 to the current version one version at a time, with no gap.
 */
import type { NodeType } from './nodes';

/** A stored document before validation: only `nodes` and `metadata.version` are looked at. */
export interface StoredDocument {
  nodes?: unknown;
  metadata?: unknown;
  [key: string]: unknown;
}

/** A raw stored node (before validation). */
export interface StoredNode {
  type?: unknown;
  nodes?: unknown;
  [key: string]: unknown;
}

/** One named step of the document's upgrade path: a version-`from` document to version `to`. */
export interface DocumentUpgrade {
  from: number;
  to: number;
  /** What the step does, e.g. `divider: lineStyle SOLID becomes SINGLE`. */
  name: string;
  /** The document at version `to`; must not change its input. */
  up(document: StoredDocument): StoredDocument;
}

/** A node's step: changes every node of its type; the registry makes it a document step. */
export interface NodeUpgrade {
  from: number;
  to: number;
  name: string;
  /** The node at version `to` (its children are upgraded separately); must not change its input. */
  up(node: StoredNode): StoredNode;
}

/** The current version and the steps that lead to it, checked. */
export interface UpgradePath {
  version: number;
  steps: readonly DocumentUpgrade[];
}

/**
 * The path to `version`: steps sorted by `from` (stable, so several steps of one version run in
 * the order given). Throws unless every step goes up by one within 1 … `version` and every
 * version below `version` has at least one step.
 */
export function upgradePath(version: number, steps: readonly DocumentUpgrade[]): UpgradePath {
  for (const step of steps) {
    if (step.to !== step.from + 1 || step.from < 1 || step.to > version) {
      throw new Error(
        `Document upgrade "${step.name}" goes ${step.from} → ${step.to}, not one version up within 1 → ${version}`,
      );
    }
  }
  for (let from = 1; from < version; from++) {
    if (!steps.some((step) => step.from === from)) {
      throw new Error(`No document upgrade step from version ${from} to ${from + 1}`);
    }
  }
  return { version, steps: [...steps].sort((a, b) => a.from - b.from) };
}

/** A stored document's version: `metadata.version`, or 1 when it has none (the first shape). */
export function storedVersion(document: StoredDocument): number {
  const version = (document.metadata as { version?: unknown } | undefined)?.version;
  return typeof version === 'number' && Number.isInteger(version) && version >= 1 ? version : 1;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The document at the path's version. Documents at that version or newer, and input that is not
 * a document at all (the schema then says why), are returned as they are.
 */
export function upgradeDocument(input: unknown, path: UpgradePath): unknown {
  if (!isRecord(input)) return input;
  let document: StoredDocument = input;
  const from = storedVersion(document);
  if (from >= path.version) return input;
  for (const step of path.steps) {
    if (step.from < from) continue;
    const next = step.up(document);
    document = {
      ...next,
      metadata: { ...(isRecord(next.metadata) ? next.metadata : {}), version: step.to },
    };
  }
  return document;
}

/** Maps every node of a raw node list, depth first, children before their parent. */
function mapNodes(nodes: unknown, type: NodeType, up: NodeUpgrade['up']): unknown {
  if (!Array.isArray(nodes)) return nodes;
  return nodes.map((node: unknown) => {
    if (!isRecord(node)) return node;
    const withChildren: StoredNode =
      node.nodes === undefined ? node : { ...node, nodes: mapNodes(node.nodes, type, up) };
    return withChildren.type === type ? up(withChildren) : withChildren;
  });
}

/** A node's step as a document step: every node of `type`, at any depth, goes through `up`. */
export function nodeUpgradeStep(type: NodeType, step: NodeUpgrade): DocumentUpgrade {
  return {
    from: step.from,
    to: step.to,
    name: `${type}: ${step.name}`,
    up: (document) => ({ ...document, nodes: mapNodes(document.nodes, type, step.up) }),
  };
}
