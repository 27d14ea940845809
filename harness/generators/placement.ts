import fc from 'fast-check';

type Body = 'form' | 'multipart';
type PlacementSpec = { split?: string[]; bodies?: Body[] };

/**
 * Where a request's parameters travel (the spec: "Parameters are sent as query string or form fields"): all in the
 * query string, all in an urlencoded form or multipart body, or the drawn ones of `split` in the query and the
 * rest in a body. Used as a request's `placement: "{{given.x}}"`, so a counterexample shows it.
 */
export function placementArbitrary(spec: PlacementSpec): fc.Arbitrary<unknown> {
  const bodies = bodiesOf(spec);
  const whole: fc.Arbitrary<unknown>[] = [fc.constant('query'), fc.constantFrom(...bodies)];
  const parted = partedOf(spec);
  return parted ? fc.oneof(...whole, parted) : fc.oneof(...whole);
}

/** Each way the parameters may travel, for a rule that tries every one on every seed (`branch-cover.ts`). */
export function placementChoices(spec: PlacementSpec): fc.Arbitrary<unknown>[] {
  const parted = partedOf(spec);
  return [fc.constant('query'), ...bodiesOf(spec).map((body) => fc.constant(body)), ...(parted ? [parted] : [])];
}

function bodiesOf(spec: PlacementSpec): Body[] {
  return spec.bodies?.length ? spec.bodies : ['form', 'multipart'];
}

function partedOf(spec: PlacementSpec): fc.Arbitrary<unknown> | undefined {
  const split = spec.split ?? [];
  if (split.length === 0) return undefined;
  return fc.record({ query: fc.subarray(split, { minLength: 1 }), body: fc.constantFrom(...bodiesOf(spec)) });
}
