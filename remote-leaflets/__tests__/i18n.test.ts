import { resolve } from 'node:path';
import { remoteTranslationTests } from '@pricewatch/shared/testing';

// Every user-visible string of this remote is in public/i18n/{en,ru,ua,pl}.json: the four files have
// the same keys, no empty text, and every literal key the code asks for exists.
remoteTranslationTests(resolve(__dirname, '..'), 50);
