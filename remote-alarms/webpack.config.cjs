const { makeWebpackConfig } = require('../tooling/webpack.common.cjs');

module.exports = makeWebpackConfig({
  dir: __dirname,
  name: 'pricewatch_alarms',
  port: 3003,
  exposes: {
    './Alarms': './src/screens/alarms-screen.tsx',
  },
});
