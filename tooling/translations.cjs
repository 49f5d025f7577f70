// The translations check (README "Translations"): every translation set — the shell's
// host/public/assets/i18n and each remote's public/i18n namespace — has the same languages as the
// shell, and every language of a set has exactly the same keys, none empty, with the same
// {{placeholders}}. Run by every front-end build (webpack.common.cjs) and by
// `node scripts/check-translations.mjs`; a problem fails the build.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const HOST_SET = path.join(ROOT, 'host', 'public', 'assets', 'i18n');

/** The translation folder of a front-end package (one with a `<lang>.json` at least), or null. */
function translationDirOf(packageDir) {
  const dir = path.basename(packageDir) === 'host' ? path.join(packageDir, 'public', 'assets', 'i18n') : path.join(packageDir, 'public', 'i18n');
  return fs.existsSync(dir) && fs.readdirSync(dir).some((f) => f.endsWith('.json')) ? dir : null;
}

/** Every translation folder of the workspace: the shell's, then each remote's. */
function allTranslationDirs(root = ROOT) {
  const remotes = fs
    .readdirSync(root)
    .filter((name) => name.startsWith('remote-'))
    .sort()
    .map((name) => translationDirOf(path.join(root, name)));
  return [translationDirOf(path.join(root, 'host')), ...remotes].filter(Boolean);
}

function flatten(value, prefix, out) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out[prefix] = value;
  }
  return out;
}

const placeholders = (text) =>
  [...String(text).matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

/** Languages of a folder: its `<lang>.json` files. */
function languagesOf(dir) {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

/**
 * Problems of one translation folder, as readable lines ("remote-exports/public/i18n/pl.json: missing
 * key products.title (present in en, ru, ua)"). `languages`: the languages every set must have.
 */
function checkTranslationDir(dir, languages = languagesOf(HOST_SET), root = ROOT) {
  const rel = (file) => path.relative(root, file);
  const problems = [];
  const present = languagesOf(dir);
  for (const lang of languages) if (!present.includes(lang)) problems.push(`${rel(dir)}: no ${lang}.json (every set has ${languages.join(', ')})`);
  for (const lang of present) if (!languages.includes(lang)) problems.push(`${rel(dir)}: ${lang}.json is a language the shell does not have`);

  const files = {};
  for (const lang of present) {
    const file = path.join(dir, `${lang}.json`);
    try {
      files[lang] = flatten(JSON.parse(fs.readFileSync(file, 'utf8')), '', {});
    } catch (error) {
      problems.push(`${rel(file)}: not valid JSON (${error.message})`);
    }
  }
  const langs = Object.keys(files);
  const allKeys = [...new Set(langs.flatMap((lang) => Object.keys(files[lang])))].sort();
  for (const key of allKeys) {
    const has = langs.filter((lang) => key in files[lang]);
    for (const lang of langs) {
      const file = rel(path.join(dir, `${lang}.json`));
      if (!(key in files[lang])) {
        problems.push(`${file}: missing key ${key} (present in ${has.join(', ')})`);
        continue;
      }
      const text = files[lang][key];
      if (typeof text !== 'string' || text.trim() === '') problems.push(`${file}: key ${key} is empty or not text`);
    }
    const shapes = new Set(has.map((lang) => placeholders(files[lang][key])));
    if (shapes.size > 1) {
      const detail = has.map((lang) => `${lang}: {{${placeholders(files[lang][key]) || '-'}}}`).join(', ');
      problems.push(`${rel(dir)}: key ${key} has different placeholders across languages (${detail})`);
    }
  }
  return problems;
}

/** Problems of every translation folder of the workspace. */
function checkAllTranslations(root = ROOT) {
  const languages = languagesOf(path.join(root, 'host', 'public', 'assets', 'i18n'));
  return allTranslationDirs(root).flatMap((dir) => checkTranslationDir(dir, languages, root));
}

/** webpack plugin: the package's own translations are checked at each (re)build; problems are errors. */
class TranslationsCheckPlugin {
  constructor({ dir }) {
    this.dir = dir;
  }

  apply(compiler) {
    const { WebpackError } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PricewatchTranslationsCheck', (compilation) => {
      const set = translationDirOf(this.dir);
      if (!set) return;
      compilation.contextDependencies.add(set);
      for (const problem of checkTranslationDir(set)) {
        const error = new WebpackError(`translations: ${problem}`);
        error.hideStack = true;
        compilation.errors.push(error);
      }
    });
  }
}

module.exports = { checkTranslationDir, checkAllTranslations, allTranslationDirs, translationDirOf, TranslationsCheckPlugin };
