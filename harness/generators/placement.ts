import fc from 'fast-check';

type Body = 'form' | 'multipart';

/**
 * Where a request's parameters travel (the spec: "Parameters are sent as query string or form fields"): all in the
 * query string, all in an urlencoded form or multipart body, or the drawn ones of `split` in the query and the
 * rest in a body. Used as a request's `placement: "{{given.x}}"`, so a counterexample shows it.
 */
export function placementArbitrary(spec: { split?: string[]; bodies?: Body[] }): fc.Arbitrary<unknown> {
  const bodies: Body[] = spec.bodies?.length ? spec.bodies : ['form', 'multipart'];
  const whole: fc.Arbitrary<unknown>[] = [fc.constant('query'), fc.constantFrom(...bodies)];
  const split = spec.split ?? [];
  if (split.length === 0) return fc.oneof(...whole);
  const parted = fc.record({ query: fc.subarray(split, { minLength: 1 }), body: fc.constantFrom(...bodies) });
  return fc.oneof(...whole, parted);
}
