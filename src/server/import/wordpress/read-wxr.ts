/**
 * `readWxr`: a WordPress export (WXR) as a stream of import records, read with a strict
 * streaming XML parser (saxes) so a file of any size is never held in memory: authors, then
 * categories (parents first) and tags, then for each item its post record and comments, or a
 * `skipped` record. What stays in memory is small and bounded: the id lookups (authors, terms,
 * attachment addresses) and at most {@link PENDING_COVER_POSTS_MAX} posts waiting for their
 * featured image's attachment, which WordPress may write after the post.
 *
 * A file that cannot be read throws an `ImportFormatError` naming what is wrong and where: not
 * XML, XML that is not WXR (no `wp:wxr_version`), a WXR version newer than 1.x, or a file that
 * breaks off (records before the break have been yielded; the import job keeps or drops them).
 */
import { SaxesParser, type SaxesTag } from 'saxes';
import {
  type ImportCategory,
  ImportFormatError,
  type ImportPost,
  type ImportRecord,
} from '../records';
import { emptyItem, type WxrFields, type WxrItem } from './wxr-parts';
import {
  attachmentOf,
  authorOf,
  categoryOf,
  commentsOf,
  commentsOfSkipped,
  emptyLookups,
  orderCategories,
  postOf,
  skippedItemOf,
  tagOf,
  termOf,
  thumbnailIdOf,
  type WxrLookups,
} from './wxr-records';

/** The WXR major version this reader knows (WordPress has written 1.0, 1.1 and 1.2). */
export const WXR_MAJOR_VERSION = 1;
/**
 * How many posts may wait for an attachment written after them. Past it the oldest goes on
 * without its featured image (reported), so memory stays bounded on any file.
 */
export const PENDING_COVER_POSTS_MAX = 200;

/** A post held back until its featured image's attachment is read, with its comments. */
interface PendingPost {
  post: ImportPost;
  rest: ImportRecord[];
  thumbnailId: string;
}

const HEAD_LENGTH = 512;
const HTML_START = /^\uFEFF?\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html[\s>])/i;

/** Elements whose child texts are collected into a {@link WxrFields}. */
const FIELD_GROUPS = new Set(['wp:author', 'wp:category', 'wp:tag', 'wp:term', 'wp:comment']);

function attributeOf(tag: SaxesTag, name: string): string {
  const value = tag.attributes[name];
  return typeof value === 'string' ? value : (value?.value ?? '');
}

class WxrStreamReader {
  private readonly parser = new SaxesParser({ position: true });
  private readonly lookups: WxrLookups = emptyLookups();
  private readonly out: ImportRecord[] = [];
  private readonly stack: string[] = [];
  private readonly categoryFields: WxrFields[] = [];
  private readonly tags: ImportRecord[] = [];
  private readonly pending: PendingPost[] = [];
  private text = '';
  /** The file's first characters, to recognise an HTML page the XML parser stops on at once. */
  private head = '';
  private group: WxrFields | null = null;
  private item: WxrItem | null = null;
  private meta: WxrFields | null = null;
  private version: string | null = null;
  private hasRoot = false;
  private termsFlushed = false;
  private error: ImportFormatError | null = null;

  constructor() {
    this.parser.on('opentag', (tag) => this.guard(() => this.open(tag)));
    this.parser.on('closetag', (tag) => this.guard(() => this.close(tag.name)));
    this.parser.on('text', (text) => {
      this.text += text;
    });
    this.parser.on('cdata', (text) => {
      this.text += text;
    });
    this.parser.on('error', (error) => {
      throw this.error ?? this.xmlError(error.message);
    });
  }

  /** Feeds text; throws an ImportFormatError at the first problem. */
  write(chunk: string): void {
    if (this.head.length < HEAD_LENGTH) this.head += chunk.slice(0, HEAD_LENGTH);
    this.parser.write(chunk);
  }

  /** Ends the input: a file cut short is reported with where it stops. */
  end(): void {
    if (!this.hasRoot) throw new ImportFormatError('The file is empty: it holds no XML at all.');
    if (this.stack.length > 0) throw this.truncated();
    this.parser.close();
    this.requireVersion('the end of the file');
    this.flushTerms();
    this.flushPending(this.pending.length, 'featured-image-not-found');
  }

  /** The records read so far, handed over once. */
  drain(): ImportRecord[] {
    return this.out.splice(0, this.out.length);
  }

  private guard(action: () => void): void {
    if (this.error) throw this.error;
    try {
      action();
    } catch (error) {
      if (error instanceof ImportFormatError) this.error = error;
      throw error;
    }
  }

  private where(): string {
    return `line ${this.parser.line}, column ${this.parser.column}`;
  }

  private xmlError(detail: string): ImportFormatError {
    const reason = detail.replace(/^\d+:\d+:\s*/, '');
    if (this.stack[0] === 'html' || (!this.hasRoot && HTML_START.test(this.head))) {
      return new ImportFormatError(
        'The file is an HTML page, not a WordPress export (WXR): export the site from Tools → Export in WordPress.',
      );
    }
    if (!this.hasRoot) {
      return new ImportFormatError(
        `The file is not XML, so it is not a WordPress export (WXR): ${reason} (${this.where()}).`,
      );
    }
    return new ImportFormatError(
      `The WordPress export is not well-formed XML: it breaks at ${this.where()} (${reason})${this.insideWhat()}.`,
    );
  }

  private insideWhat(): string {
    const itemId = this.item?.fields['wp:post_id']?.trim();
    const title = this.item?.fields.title?.trim();
    if (!this.item) return '';
    if (itemId) return `, inside the item with post id ${itemId}${title ? ` ("${title}")` : ''}`;
    return title ? `, inside the item "${title}"` : ', inside an item';
  }

  private truncated(): ImportFormatError {
    const open = this.stack[this.stack.length - 1] ?? 'rss';
    return new ImportFormatError(
      `The WordPress export ends too early, at ${this.where()} inside <${open}>${this.insideWhat()}: the file looks truncated. Export it again and import the whole file.`,
    );
  }

  private requireVersion(at: string): void {
    if (this.version !== null) return;
    throw new ImportFormatError(
      `The file is XML but not a WordPress export (WXR): it has no <wp:wxr_version> before ${at}.`,
    );
  }

  private checkVersion(value: string): void {
    const major = Number(/^(\d+)(?:\.\d+)*$/.exec(value)?.[1]);
    if (!Number.isInteger(major)) {
      throw new ImportFormatError(`The WXR version "${value}" is not a version number.`);
    }
    if (major > WXR_MAJOR_VERSION) {
      throw new ImportFormatError(
        `The file is a WXR ${value} export, newer than the versions this importer reads (${WXR_MAJOR_VERSION}.x). Update Inkwell, or export from WordPress with an older exporter.`,
      );
    }
    this.version = value;
  }

  private open(tag: SaxesTag): void {
    const name = tag.name;
    if (!this.hasRoot) {
      this.hasRoot = true;
      if (name.toLowerCase() === 'html') {
        this.stack.push('html');
        throw this.xmlError('an HTML page');
      }
      if (name !== 'rss') {
        throw new ImportFormatError(
          `The file is XML but not a WordPress export (WXR): its root element is <${name}>, not <rss>.`,
        );
      }
    }
    this.stack.push(name);
    this.text = '';
    if (FIELD_GROUPS.has(name) && !this.meta) {
      if (name !== 'wp:comment') this.requireVersion(`<${name}>`);
      this.group = {};
    } else if (name === 'item') {
      this.requireVersion('the first <item>');
      this.flushTerms();
      this.item = emptyItem();
    } else if (name === 'wp:postmeta') {
      this.meta = {};
    } else if (name === 'category' && this.item) {
      this.item.terms.push({
        domain: attributeOf(tag, 'domain'),
        nicename: attributeOf(tag, 'nicename'),
        name: '',
      });
    }
  }

  private close(name: string): void {
    this.stack.pop();
    const text = this.text;
    this.text = '';
    if (name === 'wp:wxr_version' && this.stack.at(-1) === 'channel')
      this.checkVersion(text.trim());
    else if (FIELD_GROUPS.has(name) && this.group && !this.meta) this.closeGroup(name, this.group);
    else if (name === 'item' && this.item) this.closeItem(this.item);
    else if (name === 'wp:postmeta' && this.meta && this.item) {
      this.item.meta.set((this.meta['wp:meta_key'] ?? '').trim(), this.meta['wp:meta_value'] ?? '');
      this.meta = null;
    } else if (this.meta) this.meta[name] = text;
    else if (this.group) this.group[name] = text;
    else if (name === 'category' && this.item) {
      const term = this.item.terms[this.item.terms.length - 1];
      if (term) term.name = text;
    } else if (this.item && this.stack.at(-1) === 'item') this.item.fields[name] = text;
  }

  private closeGroup(name: string, fields: WxrFields): void {
    this.group = null;
    if (name === 'wp:comment') {
      this.item?.comments.push(fields);
    } else if (name === 'wp:author') {
      const author = authorOf(fields);
      this.lookups.authorIdByLogin.set(author.login, author.sourceId);
      this.out.push(author);
    } else if (name === 'wp:category') {
      // Parents are named by slug and resolved once all categories are read (flushTerms).
      this.lookups.categoryIdBySlug.set(
        (fields['wp:category_nicename'] ?? '').trim(),
        (fields['wp:term_id'] ?? '').trim(),
      );
      this.categoryFields.push(fields);
    } else if (name === 'wp:tag') {
      const tag = tagOf(fields);
      this.lookups.tagIdBySlug.set(tag.slug, tag.sourceId);
      this.tags.push(tag);
    } else if (name === 'wp:term') {
      const skipped = termOf(fields);
      if (skipped) this.tags.push(skipped);
    }
  }

  /** Categories (parents first) and tags, once, before the first item. */
  private flushTerms(): void {
    if (this.termsFlushed) return;
    this.termsFlushed = true;
    const categories: ImportCategory[] = this.categoryFields.map((fields) =>
      categoryOf(fields, this.lookups.categoryIdBySlug),
    );
    this.out.push(...orderCategories(categories), ...this.tags);
  }

  private closeItem(item: WxrItem): void {
    this.item = null;
    const skipped = skippedItemOf(item);
    if (skipped) {
      this.out.push(skipped, ...commentsOfSkipped(item, skipped.problem.code));
      if (item.fields['wp:post_type']?.trim() === 'attachment') this.addAttachment(item);
      return;
    }
    const post = postOf(item, this.lookups);
    const rest = commentsOf(item, post.sourceId);
    const thumbnailId = thumbnailIdOf(item);
    if (thumbnailId === null) {
      this.out.push(post, ...rest);
      return;
    }
    const cover = this.lookups.attachments.get(thumbnailId);
    if (cover) {
      this.out.push({ ...post, cover }, ...rest);
      return;
    }
    this.pending.push({ post, rest, thumbnailId });
    if (this.pending.length > PENDING_COVER_POSTS_MAX)
      this.flushPending(1, 'featured-image-too-far');
  }

  private addAttachment(item: WxrItem): void {
    const id = item.fields['wp:post_id']?.trim() ?? '';
    const image = attachmentOf(item);
    if (!id || !image.url) return;
    this.lookups.attachments.set(id, image);
    const waiting = this.pending.filter((entry) => entry.thumbnailId === id);
    if (waiting.length === 0) return;
    for (const entry of waiting) {
      this.pending.splice(this.pending.indexOf(entry), 1);
      this.out.push({ ...entry.post, cover: image }, ...entry.rest);
    }
  }

  /** Lets the oldest `count` waiting posts go on without their featured image, reported. */
  private flushPending(count: number, code: string): void {
    for (const entry of this.pending.splice(0, count)) {
      const problem = {
        code,
        message:
          code === 'featured-image-too-far'
            ? 'The featured image comes too far after the post in the file; the post was imported without it.'
            : 'The featured image is not in the file; the post was imported without it.',
        sample: `attachment ${entry.thumbnailId}`,
      };
      this.out.push({ ...entry.post, problems: [...entry.post.problems, problem] }, ...entry.rest);
    }
  }
}

/**
 * Reads a WXR file as it streams in (a Node stream or any async iterable of bytes or text),
 * yielding records as soon as each part is complete.
 */
export async function* readWxr(
  input: AsyncIterable<Buffer | Uint8Array | string>,
): AsyncIterable<ImportRecord> {
  const reader = new WxrStreamReader();
  const decoder = new TextDecoder('utf-8');
  let failure: unknown = null;
  try {
    for await (const chunk of input) {
      reader.write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
      yield* reader.drain();
    }
    reader.write(decoder.decode());
    reader.end();
  } catch (error) {
    failure = error;
  }
  // Records completed before a break are handed on before the error, as promised above.
  yield* reader.drain();
  if (failure) throw failure;
}
