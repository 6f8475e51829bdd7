import { describe, expect, it } from 'vitest';
import type { CommentView } from '../../domain/comments';
import {
  addComment,
  appendReplies,
  appendThreads,
  findComment,
  hiddenReplies,
  removeComment,
  replaceComment,
} from './comment-tree';

let next = 0;

/** A comment with overrides (CONVENTIONS: factories with overrides). */
function buildComment(overrides: Partial<CommentView> = {}): CommentView {
  next++;
  return {
    id: `c${next}`,
    postId: 'p',
    parentId: null,
    depth: 0,
    author: null,
    isByOwner: false,
    content: { nodes: [] },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    isEdited: false,
    likeCount: 0,
    replyCount: 0,
    replies: [],
    repliesCursor: null,
    ...overrides,
  };
}

function thread() {
  const deep = buildComment({ parentId: 'r1', depth: 2, id: 'd1' });
  const reply = buildComment({
    id: 'r1',
    parentId: 't1',
    depth: 1,
    replies: [deep],
    replyCount: 1,
  });
  const top = buildComment({ id: 't1', replies: [reply], replyCount: 3, repliesCursor: 'cur' });
  const other = buildComment({ id: 't2' });
  return [top, other];
}

describe('the thread on the page', () => {
  it('puts a new comment first and a reply last under its parent, counting it', () => {
    const threads = thread();
    const fresh = buildComment({ id: 'new' });
    expect(addComment(threads, fresh).map((c) => c.id)).toEqual(['new', 't1', 't2']);
    const reply = buildComment({ id: 'r2', parentId: 't1', depth: 1 });
    const withReply = addComment(threads, reply);
    expect(withReply[0]!.replies.map((c) => c.id)).toEqual(['r1', 'r2']);
    expect(withReply[0]!.replyCount).toBe(4);
    const deeper = addComment(threads, buildComment({ id: 'd2', parentId: 'r1', depth: 2 }));
    expect(findComment(deeper, 'r1')!.replies.map((c) => c.id)).toEqual(['d1', 'd2']);
    expect(findComment(deeper, 'r1')!.replyCount).toBe(2);
    // The other thread is the same object: nothing else re-renders.
    expect(withReply[1]).toBe(threads[1]);
    expect(threads[0]!.replies).toHaveLength(1);
  });

  it('replaces an edited comment’s text and keeps its replies where they are', () => {
    const threads = thread();
    const edited = buildComment({
      id: 'r1',
      parentId: 't1',
      depth: 1,
      isEdited: true,
      content: { nodes: ['new'] },
    });
    const after = replaceComment(threads, edited);
    const shown = findComment(after, 'r1')!;
    expect(shown.content).toEqual({ nodes: ['new'] });
    expect(shown.isEdited).toBe(true);
    expect(shown.replies.map((c) => c.id)).toEqual(['d1']);
    expect(shown.replyCount).toBe(1);
  });

  it('removes a comment with its replies; its parent counts one reply less', () => {
    const threads = thread();
    const after = removeComment(threads, 'r1');
    expect(findComment(after, 'r1')).toBeNull();
    expect(findComment(after, 'd1')).toBeNull();
    expect(after[0]!.replyCount).toBe(2);
    expect(removeComment(threads, 't2').map((c) => c.id)).toEqual(['t1']);
    expect(removeComment(threads, 'missing')).toEqual(threads);
  });

  it('adds a page of replies once, with where the next page starts', () => {
    const threads = thread();
    const page = [
      buildComment({ id: 'r1', parentId: 't1', depth: 1 }),
      buildComment({ id: 'r3', parentId: 't1', depth: 1 }),
    ];
    const after = appendReplies(threads, 't1', page, null);
    expect(after[0]!.replies.map((c) => c.id)).toEqual(['r1', 'r3']);
    expect(after[0]!.repliesCursor).toBeNull();
    expect(hiddenReplies(after[0]!)).toBe(1);
    expect(hiddenReplies(threads[0]!)).toBe(2);
  });

  it('adds a page of threads without repeating one posted meanwhile', () => {
    const threads = thread();
    const page = [buildComment({ id: 't2' }), buildComment({ id: 't3' })];
    expect(appendThreads(threads, page).map((c) => c.id)).toEqual(['t1', 't2', 't3']);
  });
});
