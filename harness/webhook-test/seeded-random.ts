/** mulberry32: a small seeded generator, so one `--seed` reproduces every challenge and id of a run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A decimal string of `length` digits, no leading zero (an object id or a `hub.challenge`). */
export function digits(random: () => number, length: number): string {
  let out = String(1 + Math.floor(random() * 9));
  while (out.length < length) out += String(Math.floor(random() * 10));
  return out;
}
