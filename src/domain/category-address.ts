/**
 * Which category a category address names (SPEC §2 `/category/:categorySlug(/:subcategorySlug)`),
 * and whether it named it by a former address: a former slug of the category or of its parent,
 * or a subcategory under a parent it no longer has. Such an address answers 301 to the current
 * one (issue 17: "old slugs kept and answered with a 301 to the new address").
 */

/** What the lookup needs of a category. */
export interface AddressedCategory {
  id: string;
  slug: string;
  slugs: readonly string[];
  parentId: string | null;
}

/** The category found, its parent when it is a subcategory, and whether the address is former. */
export interface CategoryAddress<T> {
  category: T;
  parent: T | null;
  isFormer: boolean;
}

function bySlug<T extends AddressedCategory>(
  list: readonly T[],
  slug: string,
): { found: T; isFormer: boolean } | null {
  const current = list.find((c) => c.slug === slug);
  if (current) return { found: current, isFormer: false };
  const former = list.find((c) => c.slugs.includes(slug));
  return former ? { found: former, isFormer: true } : null;
}

/** The category `slug` (and `subcategorySlug`) name among `all`, or null (a 404). */
export function findCategoryAddress<T extends AddressedCategory>(
  all: readonly T[],
  slug: string,
  subcategorySlug: string | undefined,
): CategoryAddress<T> | null {
  const top = bySlug(all, slug.toLowerCase());
  if (!top) return null;
  if (subcategorySlug === undefined) {
    const parent = top.found.parentId
      ? (all.find((c) => c.id === top.found.parentId) ?? null)
      : null;
    // A current slug keeps answering as it always did; a former one goes to the address.
    return { category: top.found, parent: top.isFormer ? parent : null, isFormer: top.isFormer };
  }
  const sub = subcategorySlug.toLowerCase();
  const children = all.filter((c) => c.parentId === top.found.id);
  const child = bySlug(children, sub);
  if (child) {
    return { category: child.found, parent: top.found, isFormer: top.isFormer || child.isFormer };
  }
  // Moved under another parent since: the child's own address.
  const moved = bySlug(
    all.filter((c) => c.parentId !== null),
    sub,
  );
  if (!moved) return null;
  const parent = all.find((c) => c.id === moved.found.parentId) ?? null;
  return parent ? { category: moved.found, parent, isFormer: true } : null;
}
