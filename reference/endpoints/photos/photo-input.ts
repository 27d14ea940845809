import { GraphError, invalidParam } from '../../graph-error.js';
import { readBool, readObject, readString, toInt } from '../../params.js';
import type { FaultSet, RefContext, RefRequest, UnixSeconds } from '../../types.js';
import { checkFeedTargeting, checkTargeting } from '../feed/targeting-rules.js';
import { fetchImage } from './fetch-image.js';
import { checkImage, invalidImage } from './image-check.js';
import { type PhotoFile, publishableImage } from './photo-file.js';
import { checkPhotoParams } from './photo-params.js';
import { checkFeedTargetingShape, checkTargetingShape } from './photo-targeting.js';
import { checkPhotoParamTypes } from './photo-types.js';

export interface PhotoInput {
  published: boolean;
  temporary: boolean;
  scheduledPublishTime?: UnixSeconds;
  caption?: string;
  /** What the published photo shows (location metadata removed). */
  image?: PhotoFile;
  feedTargeting?: Record<string, unknown>;
  targeting?: Record<string, unknown>;
}

type Params = Record<string, unknown>;

/**
 * Validates a photo POST completely before anything is stored (R2): parameters, then which image source was
 * used, then the image itself. A `url` is fetched last, so a request with bad parameters causes no traffic.
 */
export async function readPhotoInput(req: RefRequest, ctx: RefContext): Promise<PhotoInput> {
  const { params } = req;
  const input = { ...readPublishing(params, ctx.faults), ...readAudience(params, ctx.faults) };
  checkPhotoParams(params, ctx.faults);
  checkPhotoParamTypes(params, ctx.faults);
  const caption =
    readString(params, 'caption') ?? readString(params, 'message') ?? readString(params, 'name');
  // A fault for "UTF-8 string ... Emoji supported": only ASCII captions are taken.
  if (caption !== undefined && ctx.faults.has('photos-caption-ascii-only') && /[^\x20-\x7e]/.test(caption)) {
    throw invalidParam('caption must be plain text.');
  }
  const url = readString(params, 'url');
  const vault = params['vault_image_id'];
  const sources = [req.files.length > 0, url !== undefined && url !== '', vault !== undefined];
  const count = sources.filter(Boolean).length;
  if (count === 0) missingImage(ctx.faults);
  if (count > 1 && !ctx.faults.has('photos-two-sources-accepted')) {
    throw invalidParam('Use exactly one of a file attachment, url or vault_image_id.');
  }
  if (vault !== undefined) toInt(vault, 'vault_image_id');
  const file = req.files[0];
  let image = file?.data;
  if (file) checkImage(file.data, ctx.faults);
  else if (url) {
    image = await fetchImage(url);
    if (!image) throw invalidImage(`The image at url ${url} could not be fetched.`);
    checkImage(image, ctx.faults);
  }
  return { ...input, caption, ...(image ? { image: publishableImage(image, ctx.faults) } : {}) };
}

/** R10: no source at all is code 324 (MUST). */
function missingImage(faults: FaultSet): void {
  if (faults.has('photos-no-file-accepted')) return;
  const message = 'Missing or invalid image file: send a file, url or vault_image_id.';
  if (faults.has('photos-missing-file-wrong-code')) throw invalidParam(message);
  throw new GraphError(324, `(#324) ${message}`);
}

/** `published` (default true), `temporary` (needs published false, no schedule), `scheduled_publish_time`. */
function readPublishing(params: Params, faults: FaultSet) {
  const published = readBool(params, 'published') ?? !faults.has('photos-published-default-false');
  const temporary = readBool(params, 'temporary') ?? false;
  const raw = params['scheduled_publish_time'];
  // "int64 (Unix timestamp)": whole seconds, a number or its digits; a date written out or a fraction is no int64.
  const scheduled = raw === undefined || raw === '' ? undefined : toInt(raw, 'scheduled_publish_time');
  // Under its fault, only an explicit `published=true` conflicts: the default is forgotten.
  const publishing = faults.has('photos-temporary-default-published') ? readBool(params, 'published') === true : published;
  if (temporary && (publishing || scheduled !== undefined) && !faults.has('photos-temporary-unchecked')) {
    throw invalidParam('temporary needs published=false and cannot be used with scheduled_publish_time.');
  }
  // A scheduled upload is unpublished until its time, whatever `published` said (as on the feed).
  return { published: published && scheduled === undefined, temporary, scheduledPublishTime: scheduled };
}

/**
 * Targeting follows the feed's rules with the photo edge's own fault switches. The Limits table puts the
 * `age_max` cap of 65 on feed publish only, so photos take any `age_max`.
 */
function readAudience(params: Params, faults: FaultSet) {
  const rules: FaultSet = {
    has: (name) =>
      name === 'feed-age-max-over-65-accepted' ||
      (name === 'feed-age-min-under-13-accepted' && faults.has('photos-age-min-under-13-accepted')) ||
      (name === 'feed-targeting-age-min-any' && faults.has('photos-targeting-age-min-any')),
  };
  const feedTargeting = readObject(params, 'feed_targeting');
  const targeting = readObject(params, 'targeting');
  if (!faults.has('photos-targeting-shapes-unchecked')) {
    if (feedTargeting) checkFeedTargetingShape(feedTargeting);
    if (targeting) checkTargetingShape(targeting);
  }
  if (faults.has('photos-gender-2-refused') && JSON.stringify(feedTargeting?.['genders'] ?? []).includes('2')) {
    throw invalidParam('feed_targeting.genders must be 1.');
  }
  return {
    feedTargeting: feedTargeting && checkFeedTargeting(feedTargeting, rules, 'strings'),
    targeting: targeting && checkTargeting(targeting, rules),
  };
}
