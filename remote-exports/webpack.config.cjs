const { makeWebpackConfig } = require('../tooling/webpack.common.cjs');

module.exports = makeWebpackConfig({
  dir: __dirname,
  name: 'pricewatch_exports',
  port: 3001,
  exposes: {
    './ReportAnalytics': './src/screens/report-analytics-screen.tsx',
    './Analytics': './src/screens/analytics-screen.tsx',
    './ProductList': './src/screens/product-list-screen.tsx',
    './ProductCard': './src/screens/product-card-screen.tsx',
  },
});
