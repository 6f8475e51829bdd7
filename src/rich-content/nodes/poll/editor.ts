/**
 * POLL's editor part that is not TipTap (issue 4 "Writing"): the poll dialog's settings, read from
 * a stored poll (SPEC §9 defaults where nothing is stored). The dialog itself and its validation
 * are the post editor's (`widget/post-editor/insert-dialogs.tsx`, `editor-validation.ts`), with
 * this node's bounds (`limits.ts`).
 */

/** Who votes and who sees results (SPEC §3 poll settings; §9 defaults: creator, members). */
export interface PollSettingsForm {
  vote: 'SITE_MEMBERS' | 'ALL';
  view: 'CREATOR' | 'VOTERS' | 'EVERYONE';
  allowMultipleVotes: boolean;
  showVotesCount: boolean;
  showVoters: boolean;
}

export const DEFAULT_POLL_SETTINGS: PollSettingsForm = {
  vote: 'SITE_MEMBERS',
  view: 'CREATOR',
  allowMultipleVotes: false,
  showVotesCount: true,
  showVoters: false,
};

/** The dialog's settings from a stored poll's settings (absent values take the defaults). */
export function pollSettingsForm(
  stored:
    | {
        permissions?: { view?: string; vote?: string; allowMultipleVotes?: boolean };
        showVotesCount?: boolean;
        showVoters?: boolean;
      }
    | undefined,
): PollSettingsForm {
  const permissions = stored?.permissions ?? {};
  return {
    vote: permissions.vote === 'ALL' ? 'ALL' : 'SITE_MEMBERS',
    view:
      permissions.view === 'EVERYONE' || permissions.view === 'VOTERS'
        ? permissions.view
        : 'CREATOR',
    allowMultipleVotes: permissions.allowMultipleVotes === true,
    showVotesCount: stored?.showVotesCount ?? DEFAULT_POLL_SETTINGS.showVotesCount,
    showVoters: stored?.showVoters === true,
  };
}
