// Falls back to a package's `import` entry when it has no `require` one (ESM-only packages pulled in by
// the scraping engine, docs/parsers.md); swc turns those files into CommonJS (jest.config.cjs esmOnly).
module.exports = (request, options) => {
  try {
    return options.defaultResolver(request, options);
  } catch (err) {
    try {
      return options.defaultResolver(request, { ...options, conditions: ['import', 'node', 'default'] });
    } catch {
      throw err;
    }
  }
};
