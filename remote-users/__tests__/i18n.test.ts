import { LANGUAGES, readNamespace } from './helpers/resources';

/** Every key path of a nested translation object, with its value. */
function leaves(obj: Record<string, unknown>, prefix = ''): [string, unknown][] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? leaves(v as Record<string, unknown>, `${prefix}${k}.`) : [[`${prefix}${k}`, v] as [string, unknown]],
  );
}

describe('remote users: translations', () => {
  const en = leaves(readNamespace('en'));

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has exactly the keys of en, none empty', (lang) => {
    const other = leaves(readNamespace(lang));
    expect(other.map(([k]) => k).sort()).toEqual(en.map(([k]) => k).sort());
    expect(other.filter(([, v]) => typeof v !== 'string' || v.trim() === '')).toEqual([]);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s keeps every {{placeholder}} of en', (lang) => {
    const other = new Map(leaves(readNamespace(lang)));
    const vars = (s: unknown) => [...String(s).matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    expect(en.filter(([k, v]) => JSON.stringify(vars(v)) !== JSON.stringify(vars(other.get(k)))).map(([k]) => k)).toEqual([]);
  });

  it('translates every problem the server names in this area', () => {
    const problems = Object.keys(readNamespace('en').problems as object);
    for (const key of [
      'weak_password',
      'duplicate_username',
      'username_characters',
      'username_not_ascii',
      'role_not_allowed',
      'not_within_network_rights',
      'cannot_delete_self',
      'unknown_role',
    ]) {
      expect(problems).toContain(key);
    }
  });
});
