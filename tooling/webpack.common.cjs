// One webpack configuration for the host and every remote: swc for TS/TSX (including the shared
// package's TS source), Module Federation from federation.cjs, content-hashed chunks, fast minify.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { federationOptions } = require('./federation.cjs');
const { TranslationsCheckPlugin } = require('./translations.cjs');
const { devServer } = require('./webpack.dev-server.cjs');

const ROOT = path.resolve(__dirname, '..');
// The shared package is TS source reached through a node_modules symlink; webpack resolves symlinks,
// so its modules arrive under their real path, which the loader rule has to include.
const SHARED_SRC = fs.realpathSync(path.join(ROOT, 'shared', 'src'));

/** Resolve a build dependency from the package directory (pnpm installs it there, not at the root). */
function requireFrom(dir, request) {
  return require(require.resolve(request, { paths: [dir, ROOT] }));
}

function swcRule(dir, dev) {
  return {
    test: /\.[cm]?[jt]sx?$/,
    include: [path.join(dir, 'src'), SHARED_SRC],
    use: {
      loader: require.resolve('swc-loader', { paths: [ROOT] }),
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: dev } },
          target: 'es2020',
        },
      },
    },
  };
}

function minimizer() {
  // webpack 5.111 minifies through minimizer-webpack-plugin; swc's minifier is several times faster
  // than terser on 2 cores.
  const webpackDir = path.dirname(require.resolve('webpack/package.json', { paths: [ROOT] }));
  const Minimizer = require(require.resolve('minimizer-webpack-plugin', { paths: [webpackDir] }));
  return new Minimizer({
    minify: Minimizer.swcMinify,
    minimizerOptions: { compress: { passes: 1 }, mangle: true },
    extractComments: false,
  });
}

/**
 * Writes `<file>.gz` (gzip level 9) beside every text asset over 1 KB: the server sends it to browsers
 * that accept gzip (@fastify/static preCompressed), at no CPU cost per request (docs/bytes.md).
 */
class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PricewatchPrecompress', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PricewatchPrecompress', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, (assets) => {
        for (const [name, source] of Object.entries(assets)) {
          if (!/\.(js|json|css|svg|html)$/.test(name)) continue;
          const raw = source.buffer();
          if (raw.length < 1024) continue;
          const gz = zlib.gzipSync(raw, { level: 9 });
          if (gz.length < raw.length) compilation.emitAsset(`${name}.gz`, new sources.RawSource(gz));
        }
      });
    });
  }
}

function htmlTemplate() {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Pricewatch</title>
    <link id="favicon" rel="icon" type="image/svg+xml" href="/favicon.svg" />
  </head>
  <body><div id="root"></div></body>
</html>`;
}

/**
 * @param {{ dir: string, name: string, exposes?: Record<string,string>, isHost?: boolean,
 *   port: number, runtimePlugins?: string[], sharedVersions?: Record<string,string> }} opts
 */
function makeWebpackConfig({ dir, name, exposes = {}, isHost = false, port, runtimePlugins = [], sharedVersions = {} }) {
  return (_env, argv = {}) => {
    const mode = argv.mode || process.env.NODE_ENV || 'production';
    const dev = mode === 'development';
    const { ModuleFederationPlugin } = requireFrom(dir, '@module-federation/enhanced/webpack');
    const HtmlWebpackPlugin = requireFrom(dir, 'html-webpack-plugin');
    const CopyWebpackPlugin = requireFrom(dir, 'copy-webpack-plugin');
    const hashed = dev ? '[name].js' : '[name].[contenthash:10].js';
    // MF 2.9.2's runtime module resolves the entry chunk's filename while webpack (>= 5.111) is still
    // hashing, before any contenthash exists, and that now fails the build (module-federation/core
    // #5077). It only needs the directory, so it gets the unhashed name then; emitted files are hashed.
    const entryFilename = dev ? hashed : (/** @type {any} */ pathData) => (pathData.chunk?.contentHash?.javascript ? hashed : '[name].js');
    // A remote's page is only a development harness around its screens; production ships none.
    const withPage = isHost || dev;
    const publicDir = path.join(dir, 'public');

    return {
      mode,
      context: dir,
      entry: withPage ? { main: isHost ? './src/index.tsx' : './src/dev/index.tsx' } : {},
      devtool: dev ? 'eval-cheap-module-source-map' : false,
      output: {
        path: path.join(dir, 'dist'),
        // Host: absolute, so a hard refresh on /product/42 still finds its chunks.
        // Remote: resolved from where remoteEntry.js was loaded.
        publicPath: isHost ? '/' : 'auto',
        filename: entryFilename,
        chunkFilename: hashed,
        uniqueName: name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
      module: { rules: [swcRule(dir, dev)] },
      optimization: {
        minimize: !dev,
        minimizer: dev ? [] : [minimizer()],
        moduleIds: dev ? 'named' : 'deterministic',
        chunkIds: dev ? 'named' : 'deterministic',
        // No runtimeChunk: Module Federation needs the runtime inside remoteEntry.js / main.
      },
      performance: { hints: false },
      stats: dev ? 'minimal' : { preset: 'errors-warnings', timings: true },
      plugins: [
        new ModuleFederationPlugin(federationOptions({ dir, name, exposes, isHost, runtimePlugins, sharedVersions })),
        new TranslationsCheckPlugin({ dir }),
        withPage && new HtmlWebpackPlugin({ templateContent: htmlTemplate(), inject: 'body', scriptLoading: 'defer' }),
        // An empty public/ (a remote's i18n folder not filled yet) is not an error.
        fs.existsSync(publicDir) && new CopyWebpackPlugin({ patterns: [{ from: publicDir, to: '.', noErrorOnMissing: true }] }),
        !dev && new PrecompressPlugin(),
      ].filter(Boolean),
      devServer: devServer({ port, isHost }),
    };
  };
}

module.exports = { makeWebpackConfig, SHARED_SRC, PrecompressPlugin };
