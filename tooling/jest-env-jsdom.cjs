// jsdom lacks the fetch family and TextEncoder that ky, i18next and Chakra need: lend Node's.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  async setup() {
    await super.setup();
    const g = this.global;
    for (const name of [
      'TextEncoder',
      'TextDecoder',
      'Request',
      'Response',
      'Headers',
      'fetch',
      'AbortController',
      'AbortSignal',
      'ReadableStream',
      'structuredClone',
      'FormData',
      'Blob',
    ]) {
      if (name === 'FormData' || name === 'Blob') continue; // keep jsdom's so DOM forms still work
      g[name] = globalThis[name];
    }
  }
}
module.exports = JsdomWithFetch;
