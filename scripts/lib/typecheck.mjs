#!/usr/bin/env node
// `tsc --noEmit -p <package>` for several packages in one process (npm test's typecheck): the packages
// share most of what they read (TypeScript's lib files, @types, React's types, shared/src), and one
// process parses and binds each such file once instead of once per package, and starts node and
// TypeScript once. Each package is still its own program with its own tsconfig, so what is checked and
// the errors printed are those of `pnpm --filter ./<package> run typecheck`.
//
//   node scripts/lib/typecheck.mjs shared host server …   (package folders; exit 1 on any error)
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ts = createRequire(join(ROOT, 'package.json'))('typescript');

/**
 * One compiler host for every program, remembering parsed files. A file is reused only by programs whose
 * options parse it the same way (the key TypeScript's language service uses to share files between
 * projects); binding is kept on the file and is the same for all of them (strict everywhere).
 */
// The options that change how a file is parsed or bound (TypeScript marks them; the list as a fallback).
const AFFECTS_SOURCE_FILE = (
  ts.sourceFileAffectingCompilerOptions?.map((o) => o.name) ?? [
    'target',
    'module',
    'jsx',
    'importHelpers',
    'alwaysStrict',
    'noFallthroughCasesInSwitch',
    'moduleResolution',
    'jsxImportSource',
    'allowUnusedLabels',
    'allowUnreachableCode',
    'moduleDetection',
  ]
).concat('strict');

function sharedHost() {
  const parsed = new Map();
  const hosts = new Map();
  return (options) => {
    const key = JSON.stringify(AFFECTS_SOURCE_FILE.map((name) => options[name] ?? null));
    if (hosts.has(key)) return hosts.get(key);
    const host = ts.createCompilerHost(options);
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreate) => {
      const version = typeof languageVersionOrOptions === 'object' ? JSON.stringify(languageVersionOrOptions) : languageVersionOrOptions;
      const id = `${key}\0${version}\0${fileName}`;
      if (!parsed.has(id)) parsed.set(id, getSourceFile(fileName, languageVersionOrOptions, onError, shouldCreate));
      return parsed.get(id);
    };
    hosts.set(key, host);
    return host;
  };
}

const formatHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' };

function check(pkg, hostFor) {
  const started = Date.now();
  const configPath = join(ROOT, pkg, 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(configPath, { noEmit: true }, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => report([d]) });
  if (!config) return 1;
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
    host: hostFor(config.options),
  });
  const diagnostics = [...config.errors, ...ts.getPreEmitDiagnostics(program)];
  report(diagnostics);
  const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error).length;
  console.log(
    `typecheck ${pkg}: ${errors ? `${errors} error(s)` : 'no errors'} (${program.getSourceFiles().length} files, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return errors;
}

function report(diagnostics) {
  if (!diagnostics.length) return;
  // As tsc prints them: with colour and the code around on a terminal, one line each in a log.
  const format = process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
  process.stdout.write(format(diagnostics, formatHost));
}

const packages = process.argv.slice(2);
if (!packages.length) {
  console.error('usage: node scripts/lib/typecheck.mjs <package folder>…');
  process.exit(2);
}
const hostFor = sharedHost();
let errors = 0;
for (const pkg of packages) errors += check(pkg, hostFor);
process.exit(errors ? 1 : 0);
