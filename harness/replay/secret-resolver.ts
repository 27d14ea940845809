import { keyedHash, type PlaceholderInfo, placeholderIdOf } from '../redaction/placeholder.js';

/**
 * Maps a value a client sends (a parameter, a path segment) to the placeholder the cassette stored for it,
 * via the cassette's keyed hash; secrets also turn up outside secret-named parameters (an app secret sent
 * as `client_id`, a token in a path). Results are cached: a client sends the same token on every call, and
 * HMAC is the costly part.
 */
export class SecretResolver {
  private readonly byHash = new Map<string, string>();
  private readonly cache = new Map<string, string | null>();
  private standInId: string | undefined;
  private learnt = 0;

  /**
   * `appSecretStandIn`: the value an offline run signs and sends in place of the redacted app secret (the
   * cassette header's stand-in); it stands for the cassette's app secret placeholder.
   */
  constructor(
    private readonly salt: string | undefined,
    placeholders: Record<string, PlaceholderInfo>,
    private readonly appSecretStandIn?: string,
  ) {
    this.add(placeholders);
  }

  /** Learns placeholders added after loading (new episodes recorded while serving). */
  add(placeholders: Record<string, PlaceholderInfo>): void {
    let added = false;
    for (const [id, info] of Object.entries(placeholders)) {
      if (this.byHash.get(info.hash) !== id) added = true;
      this.byHash.set(info.hash, id);
      if (this.appSecretStandIn && id.startsWith('redacted-app_secret-')) this.standInId ??= id;
    }
    if (added) {
      this.cache.clear();
      this.learnt++;
    }
  }

  /** Changes each time `add` learns a placeholder: what was resolved before may resolve otherwise now. */
  get generation(): number {
    return this.learnt;
  }

  /** False when the cassette keeps no hashed secret: then only literal placeholders resolve. */
  get active(): boolean {
    return this.salt !== undefined && this.byHash.size > 0;
  }

  /** The placeholder id `value` stands for: itself when it is a placeholder, else by hash; undefined if neither. */
  idFor(value: string): string | undefined {
    if (value.charCodeAt(0) === 114 /* r */) {
      const id = placeholderIdOf(value);
      if (id !== undefined) return id;
    }
    if (value === this.appSecretStandIn && this.standInId) return this.standInId;
    if (!this.salt || this.byHash.size === 0 || value === '') return undefined;
    const cached = this.cache.get(value);
    if (cached !== undefined) return cached ?? undefined;
    const id = this.byHash.get(keyedHash(this.salt, value));
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(value, id ?? null);
    return id;
  }
}
