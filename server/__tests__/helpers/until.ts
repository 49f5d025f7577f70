/**
 * Waiting on the work itself (issue 15 item 5): reads its state until the state says it is over. No
 * deadline of its own: fixed bounds (30 s, 60 s) failed on a loaded machine while the work was still
 * going. The test's jest timeout, generous, is the only limit, so work that never ends still fails.
 * A wait its test gave up on (jest's timeout) must not outlive the file: its pause does not hold the
 * process (unref) and the loop stops once the file's tests are over, so jest exits on its own, in band too.
 */
let fileOver = false;
if (typeof afterAll === 'function') {
  afterAll(() => {
    fileOver = true;
  });
}

export async function pollUntil<T>(read: () => Promise<T>, over: (state: T) => boolean, pauseMs = 100): Promise<T> {
  for (;;) {
    if (fileOver) throw new Error('pollUntil: the test file ended while this wait was still going');
    const state = await read();
    if (over(state)) return state;
    // A pause between reads, not a wait for the outcome: the outcome is the state read.
    await new Promise((resolve) => setTimeout(resolve, pauseMs).unref());
  }
}
