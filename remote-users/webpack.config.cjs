const { makeWebpackConfig } = require('../tooling/webpack.common.cjs');

module.exports = makeWebpackConfig({
  dir: __dirname,
  name: 'pricewatch_users',
  port: 3005,
  exposes: {
    './NetworkUsers': './src/screens/network-users-screen.tsx',
  },
});
