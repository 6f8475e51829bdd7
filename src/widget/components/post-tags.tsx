/**
 * A post's tags as buttons or as text (SPEC §3 tag layout Button/Text; §9 tag buttons padding
 * 6/12, spacing 8, border 1; text-tag spacing 12). The sizes come from the settings as custom
 * properties; post-extras.css draws both layouts.
 */
import { Link } from 'react-router';
import type { TagStyleView } from '../../domain/post-extras';
import type { TagView } from '../../domain/views';
import { useTranslation } from '../i18n';
import '../styles/post-extras.css';

/** The tags of a post, each a link to its tag feed; nothing when there are none. */
export function PostTags({
  tags,
  style,
}: {
  tags: Pick<TagView, 'id' | 'label' | 'link'>[];
  style: TagStyleView;
}) {
  const { t } = useTranslation();
  if (tags.length === 0) return null;
  return (
    <ul
      className={`post-tags is-${style.layout}`}
      aria-label={t('post.tags')}
      style={
        {
          '--tag-gap': `${style.spacing}px`,
          '--tag-padding': `${style.paddingVertical}px ${style.paddingHorizontal}px`,
          '--tag-border': `${style.borderWidth}px`,
          '--tag-radius': `${style.cornerRadius}px`,
        } as React.CSSProperties
      }
    >
      {tags.map((tag) => (
        <li key={tag.id}>
          <Link className="post-tag" to={tag.link} prefetch="intent">
            {tag.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
