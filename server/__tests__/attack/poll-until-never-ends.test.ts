/**
 * Attack on waiting on the work (issue 15 item 5, helpers/until.ts pollUntil: no deadline of its own, the test's jest
 * timeout the only bound): when the work never ends, the test must fail on that timeout with a message naming it and
 * jest must then exit — in band too (`--runInBand`, `--detectOpenHandles`, as the lanes are run by hand), where a
 * poll loop still pausing on a timer after its test failed keeps the process alive for ever. Runs the fixture
 * (fixtures/poll-never-ends.fixture.ts: pollUntil on a job that stays active, 1.5 s jest timeout) in a jest of its own.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

jest.setTimeout(240_000);

const SERVER = path.resolve(__dirname, '../..');
const JEST = require.resolve('jest/bin/jest');
const CONFIG = path.join(__dirname, 'fixtures', 'jest.poll.config.cjs');
/** Far above the fixture's own run (~3 s alone, ~20 s at load 20): past it the run is taken as hung and stopped. */
const HUNG_MS = 120_000;

function runFixture(args: string[]): Promise<{ code: number | null; hung: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [JEST, '-c', CONFIG, '--ci', ...args], { cwd: SERVER, env: { ...process.env, FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    let hung = false;
    const guard = setTimeout(() => {
      hung = true;
      child.kill('SIGKILL');
    }, HUNG_MS);
    child.on('exit', (code) => {
      clearTimeout(guard);
      resolve({ code, hung, output });
    });
  });
}

describe('a wait on work that never ends', () => {
  it.each([[[]], [['--runInBand']]])('fails on the jest timeout, named, and jest exits (%j)', async (args) => {
    const run = await runFixture(args);
    expect({ hung: run.hung, code: run.code }).toEqual({ hung: false, code: 1 });
    expect(run.output).toContain('waits on a job that never ends');
    expect(run.output).toMatch(/Exceeded timeout of 1500 ms/);
    // The poll loop stops with its test: nothing is left running for jest to kill.
    expect(run.output).not.toContain('failed to exit gracefully');
    expect(run.output).not.toContain('did not exit one second after');
  });
});
