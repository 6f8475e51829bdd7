import type { NodeRenderer } from '../../render/types';

/** A plugin's node we have no renderer for: its block children still read. */
export const renderExternal: NodeRenderer<'EXTERNAL'> = (_node, children) => children;
