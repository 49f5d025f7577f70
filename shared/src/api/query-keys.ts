// The one query-key scheme of the product (react-query). Every cache entry a screen can share starts
// here, so two remotes that need the same data ask for the same key and the browser loads it once.
// Keys end with the data language: the server answers names in the UI language, so another language
// is another entry (and switching back answers from the cache).

type Lang = string | null;

export const queryKeys = {
  /** Spec §3 "Shared data": the catalogue, loaded once per session (and language). */
  catalogue: {
    all: ['catalogue'] as const,
    shopsMap: (lang: Lang) => ['catalogue', 'shops-map', lang] as const,
    shops: (lang: Lang) => ['catalogue', 'shops', lang] as const,
    networks: (lang: Lang) => ['catalogue', 'networks', lang] as const,
    sections: (lang: Lang) => ['catalogue', 'sections', lang] as const,
    cityCodes: (lang: Lang) => ['catalogue', 'city-codes', lang] as const,
    availableShops: (lang: Lang) => ['catalogue', 'available-shops', lang] as const,
  },
  /**
   * The networks that have parsers the user sees (GET /parsers/networks): the parsers screen's choices,
   * once per session; adding or deleting a parser invalidates `all` (every language's entry).
   */
  parserNetworks: { all: ['parsers', 'networks'] as const, of: (lang: Lang) => ['parsers', 'networks', lang] as const },
  /** A parser run's live counts (every row or card that shows the run polls the same entry). */
  parserRun: (id: string) => ['parsers', 'runs', id] as const,
  /** The unread alarm events of the menu badge. */
  unreadAlarms: () => ['alarms', 'unread'] as const,
  /**
   * A screen's own data (useApi): `owner` is the calling component's instance, so two screens that
   * happen to use the same key string never read each other's answers.
   */
  screen: (owner: string, key: string, lang: Lang) => ['screen', owner, key, lang] as const,
};
