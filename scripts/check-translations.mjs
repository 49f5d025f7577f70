#!/usr/bin/env node
// Checks every translation set of the workspace (tooling/translations.cjs): the shell's and each
// remote's. Exit 1 with one line per problem. Every front-end build runs the same check on its own set.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { allTranslationDirs, checkAllTranslations } = require('../tooling/translations.cjs');

const problems = checkAllTranslations();
if (problems.length > 0) {
  console.error(`translations: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`translations: ${allTranslationDirs().length} set(s) complete`);
