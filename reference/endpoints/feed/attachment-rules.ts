import { invalidParam } from '../../graph-error.js';
import { toObject } from '../../params.js';
import type { FaultSet } from '../../types.js';

/**
 * `child_attachments`: 2..10 objects when `multi_share_optimized` is omitted or true, 2..5 when false (R4);
 * each needs `link` and `picture` or `image_hash`.
 */
export function checkChildAttachments(
  items: unknown[],
  optimized: boolean,
  faults: FaultSet,
): Array<Record<string, unknown>> {
  const min = faults.has('feed-child-attachments-min-1') ? 1 : 2;
  let max = optimized && !faults.has('feed-child-attachments-max-5-always') ? 10 : 5;
  if (faults.has('feed-child-attachments-unbounded')) max = Number.POSITIVE_INFINITY;
  if (faults.has('feed-child-attachments-eleven-accepted') && optimized) max = 11;
  if (items.length < min || items.length > max) {
    const range = optimized ? '2 to 10' : '2 to 5';
    throw invalidParam(`child_attachments must hold ${range} objects; got ${items.length}.`);
  }
  return items.map((item, index) => {
    const child = toObject(item, `child_attachments[${index}]`) ?? {};
    if (faults.has('feed-child-attachment-fields-optional')) return child;
    if (typeof child['link'] !== 'string' || child['link'] === '') {
      throw invalidParam(`child_attachments[${index}] needs a link.`);
    }
    if (typeof child['picture'] !== 'string' && typeof child['image_hash'] !== 'string') {
      throw invalidParam(`child_attachments[${index}] needs a picture or an image_hash.`);
    }
    return child;
  });
}

/** `actions`: each an object with a string `name` and a `link` that is a URL ("string URL": an absolute one). */
export function checkActions(items: unknown[], faults: FaultSet): Array<{ name: string; link: string }> {
  if (faults.has('feed-actions-refused')) throw invalidParam('actions are not available for this Page.');
  if (faults.has('feed-actions-unchecked')) return items as Array<{ name: string; link: string }>;
  return items.map((item, index) => {
    const action = toObject(item, `actions[${index}]`) ?? {};
    const { name, link } = action;
    if (typeof name !== 'string' || typeof link !== 'string') {
      throw invalidParam(`actions[${index}] needs a string name and a string link.`);
    }
    if (!URL.canParse(link) && !faults.has('feed-action-link-not-url-accepted')) {
      throw invalidParam(`actions[${index}].link must be a URL.`);
    }
    return { name, link };
  });
}

/** `attached_media[n]`: each an object with a `media_fbid`. */
export function checkAttachedMedia(items: unknown[], faults: FaultSet): string[] {
  if (items.length > 1 && faults.has('feed-attached-media-one-only')) {
    throw invalidParam('attached_media may hold one photo.');
  }
  return items.map((item, index) => {
    const media = toObject(item, `attached_media[${index}]`) ?? {};
    const id = media['media_fbid'];
    if ((typeof id !== 'string' || id === '') && typeof id !== 'number') {
      throw invalidParam(`attached_media[${index}] needs a media_fbid.`);
    }
    return String(id);
  });
}
