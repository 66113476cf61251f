import { POST_TAGS_MAX, TAG_MAX } from './share.entity.js';

/**
 * Hashtags (docs/social.md#tags): `#` then a letter, then letters (with their combining marks),
 * digits or `_`. The `#` starts a tag at the start of the text or after any character but a
 * letter, mark, digit, `_`, `/`, `)`, `#` or `&`, as Mastodon reads them: `https://x/#a`, `a#b`,
 * `##a` and `&#39;` hold none.
 */
const TAG_IN_TEXT = /(?<![\p{L}\p{M}\p{N}_/)#&])#(\p{L}[\p{L}\p{M}\p{Nd}_]*)/gu;
const TAG_SHAPE = /^\p{L}[\p{L}\p{M}\p{Nd}_]*$/u;

/** A tag as stored and compared: NFC, lower-cased; undefined when it is not one or is longer than TAG_MAX characters. */
export function normalizeTag(raw: string): string | undefined {
  const tag = raw.normalize('NFC').toLowerCase().normalize('NFC');
  return TAG_SHAPE.test(tag) && [...tag].length <= TAG_MAX ? tag : undefined;
}

/**
 * A post's tags: the first POST_TAGS_MAX distinct ones of its title, then its content, in order
 * of first appearance. A word too long to be a tag is none (not a shorter tag).
 */
export function tagsOf(...texts: string[]): string[] {
  const tags = new Set<string>();
  for (const text of texts) {
    for (const [, word] of text.normalize('NFC').matchAll(TAG_IN_TEXT)) {
      const tag = normalizeTag(word!);
      if (tag !== undefined) tags.add(tag);
      if (tags.size === POST_TAGS_MAX) return [...tags];
    }
  }
  return [...tags];
}

/** The tag `q` looks up when it is one `#tag` and nothing else (GET /posts?q=#tag); undefined for a search. */
export function tagOfQuery(q: string): string | undefined {
  const trimmed = q.trim();
  return trimmed.startsWith('#') ? normalizeTag(trimmed.slice(1)) : undefined;
}
