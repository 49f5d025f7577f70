import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeUser } from '@pricewatch/shared/testing';

// What the screens' tests render with: this remote's and the shell's real English texts, and the users
// they act as.
const read = (...p: string[]) => JSON.parse(readFileSync(join(__dirname, '..', '..', ...p), 'utf8'));

/** This remote's English namespace as shipped (public/i18n/en.json). */
export const en = read('public', 'i18n', 'en.json');
const shell = read('..', 'host', 'public', 'assets', 'i18n', 'en.json');

/** A fresh object per render: initI18nForTests keeps the object it is given as i18next's store. */
export const resources = () => ({ en: { translation: structuredClone(shell), leaflets: structuredClone(en) } });

export const operator = makeUser({ username: 'operator', isOperatorAdmin: true, roles: ['operator-admin'] });
export const guest = makeUser({ username: 'guest', isGuest: true, roles: ['guest'] });
