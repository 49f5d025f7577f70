const { makeWebpackConfig } = require('../tooling/webpack.common.cjs');

module.exports = makeWebpackConfig({
  dir: __dirname,
  name: 'pricewatch_parsers',
  port: 3004,
  exposes: {
    './Parsers': './src/screens/parsers-screen.tsx',
  },
});
