import { invalidParam } from '../../graph-error.js';
import { toInt, toObject } from '../../params.js';

type Fields = Record<string, unknown>;
type Shape = 'strings' | 'ints' | 'keyed-ints' | 'keyed-strings' | 'int' | 'geo';

/**
 * The written shapes of photo `feed_targeting` and `targeting` (Endpoints › Page photos, R1): lists of strings,
 * of int64, of `{key}` objects, and the `geo_locations` object. A value of another shape is code 100. Values
 * themselves (age ranges, gender and status codes) are the feed's rules, applied after this.
 */
const GEO: Record<string, Shape> = {
  countries: 'strings',
  regions: 'keyed-ints',
  cities: 'keyed-ints',
  zips: 'keyed-strings',
};
const FEED_TARGETING: Record<string, Shape> = {
  geo_locations: 'geo',
  locales: 'strings',
  age_min: 'int',
  age_max: 'int',
  genders: 'ints',
  college_years: 'ints',
  education_statuses: 'ints',
  interested_in: 'ints',
  relationship_statuses: 'ints',
  interests: 'ints',
};
const TARGETING: Record<string, Shape> = {
  geo_locations: 'geo',
  locales: 'strings',
  excluded_countries: 'strings',
  excluded_regions: 'ints',
  excluded_cities: 'ints',
  excluded_zipcodes: 'strings',
  timezones: 'ints',
  age_min: 'int',
};

export function checkFeedTargetingShape(value: Fields): void {
  checkShapes(value, FEED_TARGETING, 'feed_targeting');
}

export function checkTargetingShape(value: Fields): void {
  checkShapes(value, TARGETING, 'targeting');
}

function checkShapes(value: Fields, shapes: Record<string, Shape>, where: string): void {
  for (const [name, shape] of Object.entries(shapes)) {
    if (value[name] !== undefined) checkShape(value[name], shape, `${where}.${name}`);
  }
}

function checkShape(value: unknown, shape: Shape, where: string): void {
  if (shape === 'int') {
    toInt(value, where);
    return;
  }
  if (shape === 'geo') {
    checkShapes(toObject(value, where) ?? {}, GEO, where);
    return;
  }
  // A scalar where a list is stated is taken as a one-item list, as the feed does (R33 reads them so).
  const items = Array.isArray(value) ? value : [value];
  items.forEach((item, index) => checkItem(item, shape, `${where}[${index}]`));
}

function checkItem(item: unknown, shape: Shape, where: string): void {
  if (shape === 'strings') {
    if (typeof item !== 'string') throw invalidParam(`${where} must be a string.`);
  } else if (shape === 'ints') {
    toInt(item, where);
  } else {
    const key = (toObject(item, where) ?? {})['key'];
    if (shape === 'keyed-ints') toInt(key, `${where}.key`);
    else if (typeof key !== 'string') throw invalidParam(`${where}.key must be a string.`);
  }
}
