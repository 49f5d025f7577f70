const { makeWebpackConfig } = require('../tooling/webpack.common.cjs');

module.exports = makeWebpackConfig({
  dir: __dirname,
  name: 'pricewatch_leaflets',
  port: 3002,
  exposes: {
    './Leaflet': './src/screens/leaflet-screen.tsx',
    './PromoAnalysis': './src/screens/promo-analysis-screen.tsx',
  },
});
