/**
 * Which storefront a host or an origin belongs to, held in this instance's memory: every request
 * asks, operators change it a few times a month. Each instance reads the generation row
 * (`storefront_changes`) at most once every GENERATION_CHECK_MS, on the first request after that
 * time, and reloads the whole map when it moved, so a change made on any instance is followed
 * everywhere within a second; the instance that made it reloads at once, after the commit (the
 * `storefronts-stale` effect). One per app instance (`app.caches.storefronts`).
 */
export const GENERATION_CHECK_MS = 1_000;

export type StorefrontEntry = { id: number; name: string; active: boolean };

export type StorefrontMap = {
  storefronts: StorefrontEntry[];
  hosts: { host: string; storefront_id: number }[];
  origins: { origin: string; storefront_id: number }[];
};

export class StorefrontDirectory {
  #byId = new Map<number, StorefrontEntry>();
  #byHost = new Map<string, number>();
  #byOrigin = new Map<string, number>();
  #addresses = new Map<number, { hosts: string[]; origins: string[] }>();
  /** The database's generation as last read (null: never loaded), when, and the read in flight. */
  #seen: { value: number | null; at: number } = { value: null, at: 0 };
  #checking: Promise<void> | null = null;

  /**
   * What the configuration gives storefront 1 without a row of its own: CORS_ORIGINS and
   * PUBLIC_URL's origin, and PUBLIC_URL's host (so STOREFRONT_STRICT never refuses it).
   */
  constructor(private readonly provider: { origins: string[]; hosts: string[] }) {
    this.#fill({ storefronts: [], hosts: [], origins: [] });
  }

  /**
   * Before the map is trusted: at most once every GENERATION_CHECK_MS, the database's
   * generation; when it moved, or the map was never loaded or was dropped, the map is read again.
   */
  async sync(readGeneration: () => Promise<number>, load: () => Promise<StorefrontMap>): Promise<void> {
    if (this.isFresh()) return;
    this.#checking ??= (async () => {
      const readAt = Date.now();
      try {
        const value = await readGeneration();
        if (value !== this.#seen.value) this.#fill(await load());
        this.#seen = { value, at: readAt };
      } finally {
        this.#checking = null;
      }
    })();
    await this.#checking;
  }

  /** Whether the map may answer without asking the database (`sync` would return at once). */
  isFresh(): boolean {
    return this.#seen.value !== null && Date.now() - this.#seen.at < GENERATION_CHECK_MS;
  }

  /** After this instance changed a storefront: the next request reloads the map. */
  forget(): void {
    this.#seen = { value: null, at: 0 };
  }

  #fill(map: StorefrontMap): void {
    this.#byId = new Map(map.storefronts.map((s) => [s.id, s]));
    // Storefront 1 is there before the first load, and in a database that lost its row.
    if (!this.#byId.has(1)) this.#byId.set(1, { id: 1, name: '', active: true });
    this.#byHost = new Map(this.provider.hosts.map((h) => [h, 1]));
    for (const h of map.hosts) this.#byHost.set(h.host, h.storefront_id);
    this.#byOrigin = new Map(this.provider.origins.map((o) => [o, 1]));
    for (const o of map.origins) this.#byOrigin.set(o.origin, o.storefront_id);
    this.#addresses = new Map();
    const addressesOf = (id: number) => {
      const found = this.#addresses.get(id) ?? { hosts: [], origins: [] };
      this.#addresses.set(id, found);
      return found;
    };
    for (const h of map.hosts) addressesOf(h.storefront_id).hosts.push(h.host);
    for (const o of map.origins) addressesOf(o.storefront_id).origins.push(o.origin);
  }

  /** Storefront 1's addresses from the configuration, which no other storefront may take. */
  get providerAddresses(): { origins: string[]; hosts: string[] } {
    return this.provider;
  }

  /**
   * Where a storefront's pages are, for links sent away from the request (a reset e-mail): its
   * first host over https (hosts are listed in order), else its first origin; undefined when it
   * has neither. Storefront 1's is PUBLIC_URL, which its caller holds.
   */
  publicAddress(id: number): string | undefined {
    const found = this.#addresses.get(id);
    if (found?.hosts[0]) return `https://${found.hosts[0]}`;
    return found?.origins[0];
  }

  get(id: number): StorefrontEntry | undefined {
    return this.#byId.get(id);
  }

  byHost(host: string): StorefrontEntry | undefined {
    const id = this.#byHost.get(host.toLowerCase());
    return id === undefined ? undefined : this.#byId.get(id);
  }

  byOrigin(origin: string): StorefrontEntry | undefined {
    const id = this.#byOrigin.get(origin.toLowerCase());
    return id === undefined ? undefined : this.#byId.get(id);
  }

  /** Whether a browser on this origin may read the APIs' replies: it belongs to an active storefront. */
  allowsOrigin(origin: string): boolean {
    return this.byOrigin(origin)?.active === true;
  }
}
