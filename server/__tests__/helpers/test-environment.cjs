// The server files' jest environment (jest.config.cjs): Node's, with a bound of its own for the hooks
// (beforeAll/afterAll/…: they start and stop the files' apps), apart from a test's bound (jest.config.cjs
// testTimeout, or the file's jest.setTimeout).
//
// Why 600 s: on two cores shared with other work, an app start's few seconds of CPU stretch past any test's
// bound — at load 35–45 (stop 29's loaded PGlite lane) 5 of the first 24 files failed on their 180 s start
// hook, and a hook cut short while its app is still starting crashes the whole lane (the app requires modules
// after jest's teardown). 600 s is what parser-try and golden.test already gave their starts; a start that
// really hangs still fails, in ten minutes instead of three.
const { TestEnvironment } = require('jest-environment-node');

const HOOK_BOUND_MS = 600_000;

// jest.setTimeout(n) writes here: a file that asks for more than the hook bound keeps it for its hooks too.
const FILE_TIMEOUT = Symbol.for('TEST_TIMEOUT_SYMBOL');

class ServerTestEnvironment extends TestEnvironment {
  // jest-circus has just added the hook to its describe block; a timeout given to the hook itself is kept.
  handleTestEvent(event, state) {
    if (event.name !== 'add_hook' || event.timeout !== undefined) return;
    const hook = state.currentDescribeBlock.hooks.at(-1);
    if (hook?.fn === event.fn && hook.timeout === undefined) hook.timeout = Math.max(HOOK_BOUND_MS, this.global[FILE_TIMEOUT] ?? 0);
  }
}

module.exports = ServerTestEnvironment;
module.exports.HOOK_BOUND_MS = HOOK_BOUND_MS;
