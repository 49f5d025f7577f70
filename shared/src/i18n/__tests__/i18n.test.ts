type I18nModule = typeof import('../index');

const FILES: Record<string, unknown> = {
  '/assets/i18n/en.json': { common: { retry: 'Retry' }, menu: { alarms: 'Alarms' } },
  '/assets/i18n/ru.json': { common: { retry: 'Повторить' }, menu: { alarms: 'Оповещения' } },
  '/assets/i18n/ua.json': { common: { retry: 'Повторити' }, menu: { alarms: 'Сповіщення' } },
  '/remotes/alarms/i18n/en.json': { title: 'Price alarms' },
  '/remotes/alarms/i18n/ru.json': { title: 'Ценовые оповещения' },
};

let fetched: string[];
let mod: I18nModule;

function load() {
  jest.isolateModules(() => {
    mod = require('../index') as I18nModule;
  });
  return mod;
}

beforeEach(() => {
  localStorage.clear();
  fetched = [];
  // i18next-http-backend calls the global fetch: serve the translation files from memory
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    fetched.push(url);
    const file = FILES[url];
    return file ? new Response(JSON.stringify(file), { status: 200 }) : new Response('Not found', { status: 404 });
  });
});
afterEach(() => {
  jest.restoreAllMocks();
});

const setup = { languages: ['en', 'ru', 'ua'], defaultLanguage: 'en' };

describe('initI18n (spec §6: GET /assets/i18n/{lang}.json, remembered language)', () => {
  it('starts in the default language and loads its file', async () => {
    const { initI18n, i18n } = load();
    await initI18n(setup);
    expect(i18n.language).toBe('en');
    expect(fetched).toEqual(['/assets/i18n/en.json']);
    expect(i18n.t('common.retry')).toBe('Retry');
  });

  it('starts in the stored selected-lang when the deployment offers it', async () => {
    localStorage.setItem('selected-lang', 'ru');
    const { initI18n, i18n } = load();
    await initI18n(setup);
    expect(i18n.language).toBe('ru');
    expect(fetched).toContain('/assets/i18n/ru.json');
    expect(i18n.t('common.retry')).toBe('Повторить');
  });

  it('ignores a stored language the deployment does not offer (Polish variant: en, pl)', async () => {
    localStorage.setItem('selected-lang', 'ru');
    const { initI18n, i18n } = load();
    await initI18n({ languages: ['en', 'pl'], defaultLanguage: 'en' });
    expect(i18n.language).toBe('en');
  });

  it('changeLanguage stores selected-lang, switches, and sets <html lang> to uk for ua', async () => {
    const { initI18n, changeLanguage, i18n } = load();
    await initI18n(setup);
    await changeLanguage('ua');
    expect(localStorage.getItem('selected-lang')).toBe('ua');
    expect(i18n.language).toBe('ua');
    expect(i18n.t('menu.alarms')).toBe('Сповіщення');
    expect(document.documentElement.lang).toBe('uk');
  });

  it('falls back to the default language for a key missing in the current one', async () => {
    FILES['/assets/i18n/ua.json'] = { common: {} };
    const { initI18n, i18n } = load();
    localStorage.setItem('selected-lang', 'ua');
    await initI18n(setup);
    expect(i18n.t('common.retry')).toBe('Retry');
    FILES['/assets/i18n/ua.json'] = { common: { retry: 'Повторити' }, menu: { alarms: 'Сповіщення' } };
  });
});

describe('remote namespaces', () => {
  it('loads a remote namespace from its own base and reloads it on a language change', async () => {
    const { initI18n, loadRemoteNamespace, changeLanguage, i18n } = load();
    await initI18n(setup);
    await loadRemoteNamespace('alarms', '/remotes/alarms');
    expect(fetched).toContain('/remotes/alarms/i18n/en.json');
    expect(i18n.t('alarms:title')).toBe('Price alarms');
    await changeLanguage('ru');
    expect(fetched).toContain('/remotes/alarms/i18n/ru.json');
    expect(i18n.t('title', { ns: 'alarms' })).toBe('Ценовые оповещения');
  });

  it('a namespace registered before init is loaded by init', async () => {
    const { initI18n, loadRemoteNamespace, i18n } = load();
    await loadRemoteNamespace('alarms', '/remotes/alarms/');
    expect(fetched).toEqual([]);
    await initI18n(setup);
    expect(fetched).toEqual(expect.arrayContaining(['/assets/i18n/en.json', '/remotes/alarms/i18n/en.json']));
    expect(i18n.t('alarms:title')).toBe('Price alarms');
  });
});

describe("initRemoteI18n (a remote's translations)", () => {
  it("loads the namespace from the remote's public path and its hook answers its texts", async () => {
    const { initI18n, initRemoteI18n, i18n } = load();
    initRemoteI18n('alarms', () => '/remotes/alarms/');
    await initI18n(setup);
    expect(fetched).toContain('/remotes/alarms/i18n/en.json');
    expect(i18n.t('title', { ns: 'alarms' })).toBe('Price alarms');
  });

  it('falls back to where the product serves the remote when not built by webpack', () => {
    const { remoteBase } = load();
    const notWebpack = () => {
      throw new ReferenceError('__webpack_public_path__ is not defined');
    };
    expect(remoteBase('exports', notWebpack)).toBe('/remotes/exports/');
    expect(remoteBase('exports', () => '')).toBe('/remotes/exports/');
    expect(remoteBase('exports', () => 'http://cdn.example/exports/')).toBe('http://cdn.example/exports/');
  });
});

describe('missing keys', () => {
  it('fall back to the key outside development', () => {
    const { initI18nForTests } = load();
    const i18n = initI18nForTests({ en: { translation: {} } });
    expect(i18n.t('nothing.here')).toBe('nothing.here');
  });

  it('are marked and reported once in development', () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const { initI18nForTests } = load();
      const i18n = initI18nForTests({ en: { translation: {} } });
      expect(i18n.t('nothing.here')).toBe('⚠ nothing.here');
      i18n.t('nothing.here');
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      process.env.NODE_ENV = previous;
    }
  });
});

describe('initI18nForTests', () => {
  it('is ready synchronously and replaces resources on a second call', () => {
    const { initI18nForTests } = load();
    const i18n = initI18nForTests({ en: { translation: { a: 'A1' } }, ru: { translation: { a: 'А1' } } }, 'ru');
    expect(i18n.t('a')).toBe('А1');
    initI18nForTests({ en: { translation: { b: 'B' } } }, 'en');
    expect(i18n.t('a')).toBe('a');
    expect(i18n.t('b')).toBe('B');
    expect(fetched).toEqual([]);
  });
});
