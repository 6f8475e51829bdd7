/**
 * An image sized to its slot: a srcset of the served widths and `sizes` from the layout, with
 * width and height set so that nothing shifts while it loads (DESIGN.md "Performance").
 */
import { imageSources, type MediaWidth } from '../../domain/media';
import type { ImageView } from '../../domain/views';

/**
 * Renders `image` for a slot described by `sizes`. `isEager` images (above the fold) are not
 * lazy; the page's largest paint (by default every eager image) is also fetched at high
 * priority, which makes React preload it from the head (decision 052).
 */
export function ResponsiveImage({
  image,
  sizes,
  className,
  isEager = false,
  isLargestPaint = isEager,
  preferredWidth = 640,
}: {
  image: ImageView;
  sizes: string;
  className?: string;
  isEager?: boolean;
  isLargestPaint?: boolean;
  preferredWidth?: MediaWidth;
}) {
  const { src, srcSet } = imageSources(image, preferredWidth);
  return (
    <img
      className={className}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={image.width || undefined}
      height={image.height || undefined}
      alt={image.alt}
      loading={isEager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={isLargestPaint ? 'high' : undefined}
    />
  );
}
