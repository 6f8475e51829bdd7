/**
 * Category labels as text or as buttons (SPEC §3 category label style Text/Button; §5 font size
 * 10–24, label button padding 0–100; §9 label button padding 12/6). The sizes come from the
 * settings as custom properties; post-extras.css draws both styles.
 */
import { Link } from 'react-router';
import type { FeedSettingsView } from '../../domain/settings';
import type { CategoryLink } from '../../domain/views';
import { useTranslation } from '../i18n';
import '../styles/post-extras.css';

type LabelStyle = FeedSettingsView['categoryLabel'];

/** The custom properties of a label style. */
function labelVars(style: LabelStyle): React.CSSProperties {
  return {
    '--label-size': `${style.fontSize}px`,
    '--label-padding': `${style.paddingVertical}px ${style.paddingHorizontal}px`,
    '--label-radius': `${style.cornerRadius}px`,
    '--label-border': `${style.borderWidth}px`,
  } as React.CSSProperties;
}

/** One category label linking to its category feed. */
export function CategoryLabelLink({
  category,
  style,
}: {
  category: Pick<CategoryLink, 'label' | 'link'>;
  style: LabelStyle;
}) {
  return (
    <Link
      className={`post-category is-${style.style}`}
      to={category.link}
      prefetch="intent"
      style={labelVars(style)}
    >
      {category.label}
    </Link>
  );
}

/** A post's categories as a list of labels; nothing when there are none. */
export function CategoryLabels({
  categories,
  style,
}: {
  categories: Pick<CategoryLink, 'id' | 'label' | 'link'>[];
  style: LabelStyle;
}) {
  const { t } = useTranslation();
  if (categories.length === 0) return null;
  return (
    <ul className={`post-categories is-${style.style}`} aria-label={t('post.categories')}>
      {categories.map((category) => (
        <li key={category.id}>
          <CategoryLabelLink category={category} style={style} />
        </li>
      ))}
    </ul>
  );
}
