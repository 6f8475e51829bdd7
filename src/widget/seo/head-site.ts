/**
 * What every blog page's head says about the site (issue 19 § Pages' heads): its origin, name,
 * language, description and logo, built by the pages' loaders from the request's site. Nothing
 * here belongs to one reader: cached pages share their head (decision 002).
 */
import { imageSources } from '../../domain/media';
import type { SiteView } from '../../domain/views';
import type { RequestContext } from '../../load-context';
import { type Translator, translatorFor } from '../i18n';

/** An image as a social card or a publisher's logo names it: absolute URL and served size. */
export interface HeadImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** The site facts a page's head needs. */
export interface HeadSite {
  /** Scheme, host and port, no trailing slash: every absolute URL is built on it (decision 028). */
  origin: string;
  name: string;
  /** The blog base (`/blog`). */
  base: string;
  /** The language pages render in (`og:locale`, `inLanguage`). */
  language: string;
  /** The blog's description (blog settings), '' when none. */
  description: string;
  /** The blog's logo at the width it is served for heads; null when the blog has none. */
  logo: HeadImage | null;
}

/** The width of the media variant heads name (Google asks for logos of at least 112 px). */
const HEAD_IMAGE_WIDTH = 640;

/** `path` (or an absolute URL) on the site's origin. */
export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, `${origin}/`).href;
}

/**
 * A stored image's 640-wide variant (or the largest it has: media are never upscaled), absolute,
 * with the size it is served at.
 */
export function servedImage(
  origin: string,
  image: { id: string; width: number; height: number },
  alt: string,
): HeadImage {
  const { src } = imageSources({ ...image, url: null, alt }, HEAD_IMAGE_WIDTH);
  const variant = Number(/\/w(\d+)\.webp$/.exec(src)?.[1] ?? image.width);
  const width = Math.min(variant, image.width);
  return {
    url: absoluteUrl(origin, src),
    width,
    height: Math.round((image.height * width) / Math.max(1, image.width)),
    alt,
  };
}

/** The head's facts of a site, for the language the page renders in. */
export function headSiteOf(site: SiteView, language: string): HeadSite {
  return {
    origin: site.origin,
    name: site.name,
    base: site.blogBase,
    language,
    description: site.description,
    logo: site.logo ? servedImage(site.origin, site.logo, site.name) : null,
  };
}

/** What a page-head builder works with: the site, and `t` in the page's language. */
export interface HeadContext {
  site: HeadSite;
  t: Translator['t'];
}

/** The head context of a page's loader: the request's site, in the language the page renders in. */
export function headContextFor(context: Pick<RequestContext, 'site' | 'language'>): HeadContext {
  return {
    site: headSiteOf(context.site, context.language),
    t: translatorFor(context.language).t,
  };
}
