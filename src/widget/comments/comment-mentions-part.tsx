/** The comment box's list of members to mention, under the caret while `@` is being typed. */
import type { MentionSuggestion } from '../../domain/comments';
import { useTranslation } from '../../rich-content/i18n';
import { Avatar } from '../components/post-meta';
import type { useCommentMentions } from './use-comment-mentions';

/** The mention listbox (or "no member matches"); a click chooses, hovering highlights. */
export function CommentMentionsPart({
  listId,
  mentions,
}: {
  listId: string;
  mentions: ReturnType<typeof useCommentMentions>;
}) {
  const { t } = useTranslation();
  const { mention, members, active, setActive, listAt, choose } = mentions;
  if (!mention) return null;
  const activeMember: MentionSuggestion | undefined = members[active];
  return (
    <div
      className="comment-mentions"
      role="listbox"
      id={listId}
      aria-label={t('comments.mentionList')}
      style={listAt ?? undefined}
    >
      {members.length === 0 ? (
        <p className="comment-mentions__empty">
          {t('comments.mentionEmpty', { query: mention.query })}
        </p>
      ) : (
        members.map((member, i) => (
          <div
            key={member.id}
            role="option"
            tabIndex={-1}
            aria-selected={member === activeMember}
            className="comment-mentions__option"
            onMouseDown={(event) => {
              event.preventDefault();
              choose(member);
            }}
            onMouseEnter={() => setActive(i)}
          >
            <Avatar
              member={{
                siteMemberId: member.id,
                slug: member.slug,
                name: member.name,
                image: member.image,
              }}
              size={28}
            />
            <span>{member.name}</span>
          </div>
        ))
      )}
    </div>
  );
}
