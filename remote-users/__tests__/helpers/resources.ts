import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const LANGUAGES = ['en', 'ru', 'ua', 'pl'] as const;

/** This remote's namespace as shipped (public/i18n/{lang}.json). */
export const readNamespace = (lang: string) =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', 'public', 'i18n', `${lang}.json`), 'utf8')) as Record<string, unknown>;

// The few shell keys (namespace translation, served by the host) the screen and shared parts use.
const shell = {
  common: { retry: 'Retry', loading: 'Loading…' },
  errors: {
    forbidden: 'You do not have access to this.',
    validation_failed: 'Some fields are filled in incorrectly.',
    service_unavailable: 'The service is unavailable. Check your connection and try again.',
  },
  table: {
    noRows: 'No rows to show',
    range: '{{from}}–{{to}} of {{total}}',
    pageOf: 'Page {{page}} of {{pages}}',
    previousPage: 'Previous page',
    nextPage: 'Next page',
  },
};

/** A fresh copy per render: i18next keeps and empties the objects it is given. */
export const resources = (lang = 'en') => ({ [lang]: { translation: structuredClone(shell), users: readNamespace(lang) } });
