import { invalidParam } from '../../graph-error.js';
import { readBool, readInt, readObject, readString, toInt } from '../../params.js';
import type { FaultSet } from '../../types.js';

type Params = Record<string, unknown>;

/** The photo edge's own spelling (R16: `min`, `none`; the feed says `minute`). */
const GRANULARITIES = ['year', 'month', 'day', 'hour', 'min', 'none'];
const CONTENT_TYPES = [
  'SCHEDULED',
  'SCHEDULED_RECURRING',
  'DRAFT',
  'PUBLISH_PENDING',
  'ADS_POST',
  'INLINE_CREATED',
  'PUBLISHED',
  'REVIEWABLE_BRANDED_CONTENT',
];
const PROVENANCE_TYPES = [
  'C2PA',
  'IPTC',
  'EXPLICIT',
  'INVISIBLE_WATERMARK',
  'C2PA_METADATA_EDITED',
  'IPTC_METADATA_EDITED',
  'EXPLICIT_IMAGINE',
  'EXPLICIT_IMAGINE_ME',
  'EXPLICIT_RESTYLE',
  'EXPLICIT_ANIMATE',
  'EXPLICIT_FACE_SWAP',
  'EXPLICIT_WARDROBE',
  'EXPLICIT_DROP_IN',
];
const PROJECTIONS = ['equirectangular', 'cylindrical', 'cubestrip'];
const SPHERICAL_SIZES = [
  'CroppedAreaImageWidthPixels',
  'CroppedAreaImageHeightPixels',
  'FullPanoWidthPixels',
  'FullPanoHeightPixels',
];
const SPHERICAL_OPTIONAL_INTS = [
  'CroppedAreaLeftPixels',
  'CroppedAreaTopPixels',
  'PreProcessCropLeftPixels',
  'PreProcessCropRightPixels',
];
const SPHERICAL_FLOATS = [
  'PoseHeadingDegrees',
  'PosePitchDegrees',
  'PoseRollDegrees',
  'InitialViewHeadingDegrees',
  'InitialViewPitchDegrees',
  'InitialViewRollDegrees',
  'InitialViewVerticalFOVDegrees',
  'InitialVerticalFOVDegrees',
  'InitialHorizontalFOVDegrees',
];
/** Initial-view overrides: int64 within the degrees the Meaning column states. */
const RANGES: Array<[string, number, number]> = [
  ['initial_view_heading_override_degrees', 0, 360],
  ['initial_view_pitch_override_degrees', -90, 90],
  ['initial_view_vertical_fov_override_degrees', 60, 120],
];

/** Under `photos-enums-first-value-only`, an enum takes only its first listed value. */
function oneOf(params: Params, name: string, allowed: string[], faults: FaultSet): void {
  const value = readString(params, name);
  const taken = faults.has('photos-enums-first-value-only') ? allowed.slice(0, 1) : allowed;
  if (value !== undefined && !taken.includes(value)) {
    throw invalidParam(`${name} must be one of ${allowed.join(', ')}.`);
  }
}

/** `provenance_info`: `is_gen_ai` (boolean) and `provenance_type` (enum) are both required. */
function checkProvenance(info: Params | undefined, faults: FaultSet): void {
  if (!info) return;
  if (readBool(info, 'is_gen_ai') === undefined) throw invalidParam('provenance_info.is_gen_ai is required.');
  if (readString(info, 'provenance_type') === undefined) {
    throw invalidParam('provenance_info.provenance_type is required.');
  }
  oneOf(info, 'provenance_type', PROVENANCE_TYPES, faults);
}

/**
 * `spherical_metadata`: `ProjectionType` and the four size fields are required; the optional sub-fields have
 * their stated types (int64 or float).
 */
function checkSpherical(metadata: Params | undefined, faults: FaultSet): void {
  if (!metadata) return;
  if (readString(metadata, 'ProjectionType') === undefined) {
    throw invalidParam('spherical_metadata.ProjectionType is required.');
  }
  const projections = faults.has('photos-spherical-cubestrip-refused')
    ? PROJECTIONS.filter((type) => type !== 'cubestrip')
    : PROJECTIONS;
  oneOf(metadata, 'ProjectionType', projections, faults);
  for (const name of SPHERICAL_SIZES) {
    if (toInt(metadata[name], `spherical_metadata.${name}`) === undefined) {
      throw invalidParam(`spherical_metadata.${name} is required.`);
    }
  }
  if (faults.has('photos-spherical-types-unchecked')) return;
  for (const name of SPHERICAL_OPTIONAL_INTS) toInt(metadata[name], `spherical_metadata.${name}`);
  for (const name of SPHERICAL_FLOATS) {
    const value = metadata[name];
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (value !== undefined && (typeof number !== 'number' || !Number.isFinite(number))) {
      throw invalidParam(`spherical_metadata.${name} must be a number.`);
    }
  }
}

/**
 * The photo POST parameters with a stated enum, range or required sub-field (R1): a value outside them is
 * code 100. Checked before any image is fetched.
 */
export function checkPhotoParams(params: Params, faults: FaultSet): void {
  if (faults.has('photos-params-unchecked')) return;
  oneOf(params, 'backdated_time_granularity', GRANULARITIES, faults);
  oneOf(params, 'unpublished_content_type', CONTENT_TYPES, faults);
  for (const [name, min, max] of RANGES) {
    const value = readInt(params, name);
    const exclusive = name === RANGES[0]![0] && faults.has('photos-heading-bounds-exclusive');
    if (value !== undefined && (value < min || value > max || (exclusive && (value === min || value === max)))) {
      throw invalidParam(`${name} must be from ${min} to ${max}.`);
    }
  }
  checkProvenance(readObject(params, 'provenance_info'), faults);
  checkSpherical(readObject(params, 'spherical_metadata'), faults);
}
