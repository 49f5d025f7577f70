// webpack-dev-server options shared by the host and the remotes: every API path of spec §7, the
// deployment and the shell translations go to the real server, so a package runs alone against it.
const API_PREFIXES = [
  '/auth',
  '/api',
  '/utils',
  '/export',
  '/shops',
  '/custom',
  '/parsers',
  '/parsers-schedules',
  '/data',
  '/network-users',
  '/products',
  '/prices',
  '/brands',
  '/leaflets',
  '/price-alarms',
  '/price-products-alarms',
  '/scrapers',
  '/deployment.json',
  '/assets/i18n',
];

/** @param {{ port: number, isHost: boolean, target?: string }} opts */
function devServer({ port, isHost, target = process.env.PRICEWATCH_API || 'http://localhost:8080' }) {
  // The host also takes the remotes from the server; a remote has no public/ and borrows the icon.
  const prefixes = isHost ? [...API_PREFIXES, '/remotes'] : [...API_PREFIXES, '/favicon.svg'];
  // Some screens share their path with an API group (/parsers, /network-users): a page load of
  // such a route (a GET asking for HTML) stays here and gets the SPA's index.html.
  const context = (pathname, req) =>
    prefixes.some((p) => pathname === p || pathname.startsWith(p.endsWith('.json') || p.endsWith('.svg') ? p : `${p}/`)) &&
    !(req.method === 'GET' && String(req.headers.accept || '').includes('text/html'));
  return {
    port,
    hot: false,
    liveReload: true,
    historyApiFallback: true,
    // A remote's chunks are fetched by the host from another port.
    headers: { 'Access-Control-Allow-Origin': '*' },
    client: { overlay: { warnings: false, errors: true } },
    proxy: [{ context, target, changeOrigin: true, ws: false }],
  };
}

module.exports = { devServer, API_PREFIXES };
