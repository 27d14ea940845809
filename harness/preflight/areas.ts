import { AREA_NAMES, AREAS, type AreaName } from '../profile/vocabulary.js';
import { endpointMatches, endpointsOfGiven, endpointsOfSteps } from '../suite/rule-endpoints.js';
import { fixedSteps, type Rule } from '../suite/suite.js';
import { alternativesOf } from '../suite/step.js';

/** The area an endpoint (`POST /{page_id}/feed`) belongs to: none for a path of one object (`/{photo_id}`). */
export function areaOf(endpoint: string): AreaName | undefined {
  return AREA_NAMES.find((area) => AREAS[area].paths.some((path) => endpointMatches(path, endpoint)));
}

/** The area a rule judges: its suite's, named as the rule id begins (`photos.` judges the photos area). */
export function ownAreaOf(rule: Pick<Rule, 'id'>): string {
  return rule.id.split('.')[0]!;
}

/**
 * What a rule needs of other areas (a post to comment on, the feed a photo's publication is read through): each
 * entry the endpoints any one of which will do (one for a step the rule always sends, several for the alternatives
 * of a `one_of` step that all lie outside). Endpoints of the rule's own area, and of no area, are not dependencies.
 */
export function dependenciesOf(rule: Rule): string[][] {
  const outside = (endpoint: string) => {
    const area = areaOf(endpoint);
    return area !== undefined && area !== ownAreaOf(rule);
  };
  const always = endpointsOfSteps(fixedSteps(rule)).filter(outside).map((endpoint) => [endpoint]);
  const eitherOf = rule.steps.flatMap((step) => {
    const endpoints = alternativesOf(step)?.map((alternative) => endpointsOfSteps([alternative])) ?? [];
    return endpoints.length > 0 && endpoints.every((some) => some.some(outside)) ? [endpoints.flat()] : [];
  });
  return [...always, ...eitherOf];
}

/**
 * Why a rule (its alternatives chosen) cannot run on a target that does not serve some areas: it always sends to an
 * endpoint of one, its own area's included (a feed rule on a target without a feed meets nothing but refusals, and
 * `doctor` forecasts the same), or may draw one (`given:`), each such area named once.
 */
export function unservedNeed(rule: Rule, unserved: ReadonlyMap<string, string>): string | undefined {
  const endpoints = [...endpointsOfSteps(fixedSteps(rule)), ...endpointsOfGiven(rule)];
  const areas = new Set(endpoints.map(areaOf).filter((area) => area !== undefined && unserved.has(area)));
  const each = [...areas].map((area) => `needs the ${area} area (${AREAS[area!].paths.join(', ')}), which the target does not serve: ${unserved.get(area!)}`);
  return each.length > 0 ? each.join('; ') : undefined;
}
