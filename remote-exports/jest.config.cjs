module.exports = require('../tooling/jest.preset.cjs')({ dir: __dirname });
