/**
 * An image sized to its slot: a srcset of the served widths and `sizes` from the layout, with
 * width and height set so that nothing shifts while it loads (DESIGN.md "Performance").
 */
import { imageSources, type MediaWidth } from '../../domain/media';
import type { ImageView } from '../../domain/views';

/** Renders `image` for a slot described by `sizes`. */
export function ResponsiveImage({
  image,
  sizes,
  className,
  isEager = false,
  preferredWidth = 640,
}: {
  image: ImageView;
  sizes: string;
  className?: string;
  isEager?: boolean;
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
      fetchPriority={isEager ? 'high' : undefined}
    />
  );
}
