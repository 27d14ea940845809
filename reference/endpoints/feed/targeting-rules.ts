import { invalidParam } from '../../graph-error.js';
import { toInt, toObject } from '../../params.js';
import type { FaultSet } from '../../types.js';

const TARGETING_AGE_MIN = [13, 15, 18, 21, 25];

/**
 * `feed_targeting`: `age_max` at most 65; an explicit `age_min` of 1..12 refused, 0 (the stated default, R5)
 * and 13+ accepted; enumerated lists checked against their values (R1).
 */
export function checkFeedTargeting(
  value: Record<string, unknown>,
  faults: FaultSet,
  localesAre: 'int' | 'strings' = 'int',
): Record<string, unknown> {
  const result = { ...value };
  const ageMax = toInt(value['age_max'], 'feed_targeting.age_max');
  if (ageMax !== undefined) {
    if (ageMax > 65 && !faults.has('feed-age-max-over-65-accepted')) {
      throw invalidParam('feed_targeting.age_max must be 65 or lower.');
    }
    result['age_max'] = ageMax;
  }
  const ageMin = toInt(value['age_min'], 'feed_targeting.age_min');
  if (ageMin !== undefined) {
    const young = ageMin >= 1 && ageMin <= 12;
    if ((ageMin < 0 || young) && !(young && faults.has('feed-age-min-under-13-accepted'))) {
      throw invalidParam('feed_targeting.age_min must be 13 or higher.');
    }
    result['age_min'] = ageMin;
  }
  if (faults.has('feed-targeting-lists-unchecked')) return result;
  checkEnumList(value, result, 'genders', [1, 2]);
  checkEnumList(value, result, 'education_statuses', [1, 2, 3]);
  // Under its fault a negative status passes, as a reader that forgot the type is unsigned would let it.
  const negatives = faults.has('feed-relationship-statuses-negative-accepted') ? (n: number) => n < 0 : () => false;
  checkEnumList(value, result, 'relationship_statuses', [1, 2, 3, 4], negatives);
  if (value['college_years'] !== undefined && faults.has('feed-targeting-college-years-refused')) {
    throw invalidParam('feed_targeting.college_years must be an integer.');
  }
  checkIntList(value, result, 'college_years');
  checkIntList(value, result, 'interests');
  checkGeoLocations(value, 'feed_targeting');
  // The feed states `locales` int; a photo's `feed_targeting` states a list of string (its own shape check).
  if (localesAre === 'int') {
    const locales = toInt(value['locales'], 'feed_targeting.locales');
    if (locales !== undefined) result['locales'] = locales;
  }
  return result;
}

/** `targeting.age_min` is one of 13, 15, 18, 21, 25. */
export function checkTargeting(value: Record<string, unknown>, faults: FaultSet): Record<string, unknown> {
  const result = { ...value };
  const ageMin = toInt(value['age_min'], 'targeting.age_min');
  if (ageMin !== undefined) {
    const allowed = faults.has('feed-targeting-age-min-13-only') ? [13] : TARGETING_AGE_MIN;
    if (!allowed.includes(ageMin) && !faults.has('feed-targeting-age-min-any')) {
      throw invalidParam(`targeting.age_min must be one of ${TARGETING_AGE_MIN.join(', ')}.`);
    }
    result['age_min'] = ageMin;
  }
  checkGeoLocations(value, 'targeting');
  return result;
}

/** `geo_locations` is an object (its keys are the photo edge's shape rules); anything else is code 100 (R1). */
function checkGeoLocations(value: Record<string, unknown>, where: string): void {
  toObject(value['geo_locations'], `${where}.geo_locations`);
}

/** A scalar or a list of ints, each one of `allowed`; kept as a list. */
function checkEnumList(
  value: Record<string, unknown>,
  result: Record<string, unknown>,
  key: string,
  allowed: number[],
  lenient: (n: number) => boolean = () => false,
): void {
  const raw = value[key];
  if (raw === undefined) return;
  const items = Array.isArray(raw) ? raw : [raw];
  const ints = items.map((item) => toInt(item, `feed_targeting.${key}`));
  if (ints.some((n) => n === undefined || (!allowed.includes(n) && !lenient(n)))) {
    throw invalidParam(`feed_targeting.${key} values must be among ${allowed.join(', ')}.`);
  }
  result[key] = ints;
}

/** `college_years`, `interests`: int[] (a single int taken as a list of one). */
function checkIntList(value: Record<string, unknown>, result: Record<string, unknown>, key: string): void {
  const raw = value[key];
  if (raw === undefined) return;
  const items = Array.isArray(raw) ? raw : [raw];
  result[key] = items.map((item) => toInt(item, `feed_targeting.${key}`));
}
