/**
 * What every comment of a thread needs from the section around it (issue 6): the post, who reads
 * and what they may do, the page's clock, and the section's actions. One context instead of a
 * dozen props passed down three levels of replies.
 */
import { createContext, useContext } from 'react';
import type { CommentView } from '../../domain/comments';
import type { GateReason } from '../../domain/engagement';
import type { Actor, PermissionSettings } from '../../domain/permissions';
import type { MemberSummary } from '../../domain/views';
import { holeContext } from '../reader/reader';
import type { CommentSubmitResult } from './comment-editor';

/** The post the comments are on. */
export interface CommentsPost {
  id: string;
  slug: string;
  title: string;
  ownerId: string | null;
  /** The post page's address (the comment edit page comes back to it). */
  link: string;
}

export interface CommentsContextValue {
  post: CommentsPost;
  viewer: Actor;
  /** The signed-in member (their picture beside the box); null for a visitor. */
  member: MemberSummary | null;
  settings: Pick<PermissionSettings, 'commentsEnabled' | 'memberAreaInstalled'>;
  /** Why the reader may not write a comment or reply (a demo site included), or null. */
  writeRefusal: GateReason | null;
  /** A demo site (SPEC §4): members' gated actions open the demo-mode modal. */
  isDemoMode: boolean;
  /** The login page, coming back to the comments. */
  loginHref: string;
  base: string;
  now: string;
  timeZone: string;
  device: 'desktop' | 'mobile';
  /** The comment whose reply box is open. */
  replyingTo: string | null;
  setReplyingTo(commentId: string | null): void;
  reply(to: CommentView, document: unknown): Promise<CommentSubmitResult>;
  remove(comment: CommentView): void;
  report(comment: CommentView): void;
  moreReplies(comment: CommentView): Promise<void>;
  /**
   * Runs a gated action (SPEC §4, §6): does it, or asks to log in and continues afterwards
   * (`actionKey` is the control pressed again), offers a private member to join the community,
   * or opens the demo-mode modal.
   */
  gate(reason: GateReason | null, actionKey: string, perform: () => unknown): void;
}

export const CommentsContext = holeContext(createContext<CommentsContextValue | null>(null));

/** The section's context; only comments inside a section use it. */
export function useComments(): CommentsContextValue {
  const value = useContext(CommentsContext);
  if (!value) throw new Error('useComments needs a CommentsSection above it');
  return value;
}
