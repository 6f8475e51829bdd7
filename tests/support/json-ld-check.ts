/**
 * Test support (the page-head unit tests and the integration test share it).
 *
 * What each JSON-LD block of the pages must carry (issue 19: "JSON-LD parsed and typed"), named
 * by schema-dts's property names so that a misspelt or non-schema.org property does not compile,
 * and a checker the tests run over every block a page serves. Google's rich results ask for these
 * properties; the rest of schema.org's is optional.
 */
import type { BlogPosting, BreadcrumbList, CollectionPage, ProfilePage, WebSite } from 'schema-dts';

/** The property names of a schema-dts type (its object form: schema-dts types also allow a URL). */
type PropertyOf<T> = T extends string ? never : Extract<keyof T, string>;

/** The types the pages serve, each with the properties it must have. */
export const REQUIRED_LD_PROPERTIES = {
  BlogPosting: [
    'headline',
    'description',
    'image',
    'datePublished',
    'dateModified',
    'author',
    'publisher',
    'wordCount',
    'mainEntityOfPage',
    'url',
  ],
  BreadcrumbList: ['itemListElement'],
  WebSite: ['name', 'url', 'potentialAction'],
  CollectionPage: ['name', 'description', 'url', 'mainEntity'],
  ProfilePage: ['url', 'mainEntity'],
} as const satisfies {
  BlogPosting: readonly PropertyOf<BlogPosting>[];
  BreadcrumbList: readonly PropertyOf<BreadcrumbList>[];
  WebSite: readonly PropertyOf<WebSite>[];
  CollectionPage: readonly PropertyOf<CollectionPage>[];
  ProfilePage: readonly PropertyOf<ProfilePage>[];
};

export type ServedLdType = keyof typeof REQUIRED_LD_PROPERTIES;

/** A JSON-LD block as parsed from a page. */
export type LdBlock = Record<string, unknown> & { '@type'?: unknown };

function isMissing(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * What is wrong with a block: no schema.org context, a type the pages do not serve, or the
 * required properties it lacks (as `Type.property`). Empty when the block is whole.
 */
export function ldProblems(block: LdBlock): string[] {
  if (block['@context'] !== 'https://schema.org') return ['@context'];
  const type = block['@type'];
  if (typeof type !== 'string' || !(type in REQUIRED_LD_PROPERTIES)) return [`@type ${type}`];
  const required: readonly string[] = REQUIRED_LD_PROPERTIES[type as ServedLdType];
  return required.filter((key) => isMissing(block[key])).map((key) => `${type}.${key}`);
}

/** A thing nested in a block (author, publisher, mainEntity) of the given type, or null. */
export function nestedOfType(value: unknown, type: string): LdBlock | null {
  const nested = value as LdBlock | undefined;
  return nested && typeof nested === 'object' && nested['@type'] === type ? nested : null;
}
