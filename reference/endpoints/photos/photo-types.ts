import { invalidParam } from '../../graph-error.js';
import { readBool, readInt, readList, readString, toInt, toObject } from '../../params.js';
import type { FaultSet } from '../../types.js';

type Params = Record<string, unknown>;

/** The Type column of the photo POST table, for the parameters whose type a form value can miss (R1). */
const BOOLEANS = [
  'allow_spherical_photo',
  'audience_exp',
  'full_res_is_coming_later',
  'is_explicit_location',
  'is_explicit_place',
  'manual_privacy',
  'no_story',
  'og_set_profile_badge',
  'user_selected_tags',
];
const INT64S = [
  'attempt',
  'direct_share_status',
  'filter_type',
  'offline_id',
  'sponsor_relationship',
  'time_since_original_post',
];
/** "numeric string or integer". */
const NUMERIC_IDS = ['location_source_id', 'og_action_type_id', 'og_icon_id', 'proxied_app_id', 'sponsor_id'];

/**
 * Wrong-typed POST parameters are code 100 (R1): booleans, int64s, numeric ids, `backdated_time` (a datetime),
 * `tags` (a list of objects with float `x`/`y`, int `tag_uid`, string `tag_text`) and `application_id` (a
 * non-empty string). Objects (`feed_targeting`, `targeting`, ...) are read where they are used.
 */
export function checkPhotoParamTypes(params: Params, faults: FaultSet): void {
  if (!faults.has('photos-application-id-empty-accepted') && params['application_id'] === '') {
    throw invalidParam('application_id must be a non-empty string.');
  }
  if (faults.has('photos-param-types-unchecked')) return;
  for (const name of BOOLEANS) readBool(params, name);
  for (const name of [...INT64S, ...NUMERIC_IDS]) readInt(params, name);
  readDatetime(params, 'backdated_time');
  checkTags(params, faults);
}

function readDatetime(params: Params, name: string): void {
  const value = readString(params, name);
  if (value === undefined || /^\s*-?\d+\s*$/.test(value) || !Number.isNaN(Date.parse(value))) return;
  throw invalidParam(`Param ${name} must be a date and time.`);
}

function checkTags(params: Params, faults: FaultSet): void {
  const tags = readList(params, 'tags');
  if (tags === undefined) return;
  tags.forEach((tag, index) => {
    const where = `tags[${index}]`;
    const fields = toObject(tag, where) ?? {};
    for (const axis of ['x', 'y']) {
      const value = fields[axis];
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (value !== undefined && (typeof number !== 'number' || !Number.isFinite(number))) {
        throw invalidParam(`${where}.${axis} must be a number.`);
      }
    }
    toInt(fields['tag_uid'], `${where}.tag_uid`);
    const text = fields['tag_text'];
    if (text !== undefined && typeof text !== 'string' && !faults.has('photos-tag-text-unchecked')) {
      throw invalidParam(`${where}.tag_text must be a string.`);
    }
  });
}
