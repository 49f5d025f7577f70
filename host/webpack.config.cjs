const path = require('node:path');
const { makeWebpackConfig } = require('../tooling/webpack.common.cjs');

module.exports = makeWebpackConfig({
  dir: __dirname,
  name: 'pricewatch_host',
  isHost: true,
  port: 3000,
  runtimePlugins: [path.join(__dirname, 'src/app/federation/remote-error-plugin.ts')],
});
