// Each language named in itself, so a user who cannot read the current one still finds theirs.
// Plain data (no Chakra): the login screen's own select uses it too (docs/bytes.md).
export const LANGUAGE_NAMES: Record<string, string> = { en: 'English', ru: 'Русский', ua: 'Українська', pl: 'Polski' };
