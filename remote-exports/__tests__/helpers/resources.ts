import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** This remote's namespace as shipped (public/i18n/{lang}.json). */
export const readNamespace = (lang: string) =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', 'public', 'i18n', `${lang}.json`), 'utf8')) as Record<string, unknown>;

// The few shell keys (namespace translation, served by the host) the screens and shared parts use.
const shell = {
  common: { retry: 'Retry', loading: 'Loading…' },
  errors: {
    not_found: 'The requested record was not found.',
    validation_failed: 'Some fields are filled in incorrectly.',
    service_unavailable: 'The service is unavailable. Check your connection and try again.',
    internal_error: 'The server ran into a problem. Try again later.',
  },
  table: {
    noRows: 'No rows to show',
    range: '{{from}}–{{to}} of {{total}}',
    pageOf: 'Page {{page}} of {{pages}}',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    rowsPerPage: 'Rows per page',
    pages: 'Pages',
    pagesOf: '{{name}}: pages',
  },
  areas: { reportAnalytics: { title: 'Unloading prices', description: 'Request price exports.' } },
};

/** A fresh copy per render: i18next keeps and empties the objects it is given. */
export const resources = () => ({ en: { translation: structuredClone(shell), exports: readNamespace('en') } });
