import { describe, expect, it } from 'vitest';
import { DOCUMENT_UPGRADE_PATH, upgradeStoredDocument } from '../nodes/upgrades';
import { DOCUMENT_VERSION } from './envelope';
import { parseDocument } from './parse';
import {
  type DocumentUpgrade,
  nodeUpgradeStep,
  type StoredDocument,
  storedVersion,
  upgradeDocument,
  upgradePath,
} from './upgrade';

/**
 * A made-up history for the tests: version 1 stored DIVIDER's plain line as `SOLID`, which step
 * 1 → 2 renames to today's `SINGLE`; step 2 → 3 moves a document-wide `title` into metadata.id.
 */
const renameSolid = nodeUpgradeStep('DIVIDER', {
  from: 1,
  to: 2,
  name: 'lineStyle SOLID becomes SINGLE',
  up: (node) => {
    const data = node.dividerData as { lineStyle?: string } | undefined;
    return data?.lineStyle === 'SOLID'
      ? { ...node, dividerData: { ...data, lineStyle: 'SINGLE' } }
      : node;
  },
});
const titleToId: DocumentUpgrade = {
  from: 2,
  to: 3,
  name: 'the old title field becomes metadata.id',
  up: ({ title, ...rest }: StoredDocument) => ({
    ...rest,
    metadata: { ...(rest.metadata as object), id: String(title) },
  }),
};
const TEST_PATH = upgradePath(3, [titleToId, renameSolid]);

const oldDivider = (lineStyle: string) => ({ type: 'DIVIDER', dividerData: { lineStyle } });

describe('the document upgrade path (issue 16, decision 011)', () => {
  it('today: version 1 with no steps, a checked path that parseDocument uses', () => {
    expect(DOCUMENT_VERSION).toBe(1);
    expect(DOCUMENT_UPGRADE_PATH.version).toBe(DOCUMENT_VERSION);
    expect(DOCUMENT_UPGRADE_PATH.steps).toHaveLength(DOCUMENT_VERSION - 1);
    const doc = { nodes: [oldDivider('DOUBLE')], metadata: { version: 1 } };
    expect(upgradeDocument(doc, DOCUMENT_UPGRADE_PATH)).toBe(doc);
  });

  it('step 1 → 2 (a node step): renames the value in every DIVIDER, nested ones too', () => {
    const nested = {
      type: 'LAYOUT',
      nodes: [{ type: 'LAYOUT_CELL', nodes: [oldDivider('SOLID')] }],
    };
    const doc = { nodes: [oldDivider('SOLID'), oldDivider('DASHED'), nested] };
    const before = structuredClone(doc);
    const up = renameSolid.up(doc) as typeof doc;
    expect(renameSolid.name).toBe('DIVIDER: lineStyle SOLID becomes SINGLE');
    expect(up.nodes[0]).toEqual(oldDivider('SINGLE'));
    expect(up.nodes[1]).toEqual(oldDivider('DASHED'));
    expect(up.nodes[2]).toEqual({
      type: 'LAYOUT',
      nodes: [{ type: 'LAYOUT_CELL', nodes: [oldDivider('SINGLE')] }],
    });
    expect(doc).toEqual(before);
  });

  it('step 2 → 3 (a document step): moves the field', () => {
    expect(titleToId.up({ nodes: [], title: 'x', metadata: { version: 2 } })).toEqual({
      nodes: [],
      metadata: { version: 2, id: 'x' },
    });
  });

  it('runs the steps from the stored version up, and stamps the new version', () => {
    const v1 = { nodes: [oldDivider('SOLID')], title: 'a', metadata: { version: 1 } };
    expect(upgradeDocument(v1, TEST_PATH)).toEqual({
      nodes: [oldDivider('SINGLE')],
      metadata: { version: 3, id: 'a' },
    });
    // A version-2 document skips step 1 → 2.
    const v2 = { nodes: [oldDivider('SOLID')], title: 'b', metadata: { version: 2 } };
    expect(upgradeDocument(v2, TEST_PATH)).toEqual({
      nodes: [oldDivider('SOLID')],
      metadata: { version: 3, id: 'b' },
    });
  });

  it('a document without a version is version 1; current and newer ones stay as they are', () => {
    expect(storedVersion({ nodes: [] })).toBe(1);
    expect(storedVersion({ nodes: [], metadata: { version: 'x' } })).toBe(1);
    const current = { nodes: [oldDivider('SOLID')], metadata: { version: 3 } };
    const newer = { nodes: [], metadata: { version: 9 } };
    expect(upgradeDocument(current, TEST_PATH)).toBe(current);
    expect(upgradeDocument(newer, TEST_PATH)).toBe(newer);
    expect(upgradeDocument('not a document', TEST_PATH)).toBe('not a document');
  });

  it('parseDocument reads an old document through the path it is given', () => {
    const result = parseDocument({ nodes: [oldDivider('SOLID')], title: 'post-1' }, TEST_PATH);
    expect(result).toMatchObject({
      ok: true,
      document: {
        nodes: [{ type: 'DIVIDER', dividerData: { lineStyle: 'SINGLE' } }],
        metadata: { version: 3, id: 'post-1' },
      },
    });
    // Without the steps, the same document is refused: the old value is not in the model.
    expect(parseDocument({ nodes: [oldDivider('SOLID')] }).ok).toBe(false);
  });

  it('refuses a path with a gap or a step that skips a version', () => {
    expect(() => upgradePath(3, [renameSolid])).toThrow(/from version 2 to 3/);
    expect(() => upgradePath(3, [{ ...titleToId, to: 4 }, renameSolid])).toThrow(
      /not one version up/,
    );
    expect(() => upgradePath(2, [renameSolid, titleToId])).toThrow(/not one version up/);
    expect(upgradePath(1, []).steps).toEqual([]);
  });
});

describe('upgradeStoredDocument (a stored row read without the full parse)', () => {
  it('at today’s version: the row itself, no copy, no parse', () => {
    const row = { nodes: [oldDivider('DOUBLE')], metadata: { version: DOCUMENT_VERSION } };
    expect(upgradeStoredDocument(row)).toBe(row);
  });

  it('at an older version: every step from the stored version up', () => {
    const row = { nodes: [oldDivider('SOLID')], title: 'old', metadata: { version: 1 } };
    expect(upgradeStoredDocument(row, TEST_PATH)).toEqual({
      nodes: [oldDivider('SINGLE')],
      metadata: { version: 3, id: 'old' },
    });
  });
});
