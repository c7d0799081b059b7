/** scripts/test.ts reads each runner's own summary; these are the formats the runners print. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { failureLines, parseNodeTest, parsePlaywright, parseWebTestRunner, runStage } from '../../scripts/lib/stage.ts';

describe('runner summaries', () => {
  it('reads node --test spec and TAP summaries, counting cancelled as failed and todo as skipped', () => {
    const spec = 'ℹ tests 9\nℹ suites 2\nℹ pass 6\nℹ fail 1\nℹ cancelled 1\nℹ skipped 0\nℹ todo 1\nℹ duration_ms 10\n';
    assert.deepEqual(parseNodeTest(spec), { passed: 6, failed: 2, skipped: 1 });
    assert.deepEqual(parseNodeTest('# tests 3\n# pass 3\n# fail 0\n'), { passed: 3, failed: 0, skipped: 0 });
    assert.equal(parseNodeTest('no summary here'), undefined);
  });

  it('takes the last progress line of @web/test-runner', () => {
    const output = 'Chromium: | 0/2 test files | 0 passed, 0 failed\nChromium: | 2/2 test files | 40 passed, 4 failed, 2 skipped\n';
    assert.deepEqual(parseWebTestRunner(output), { passed: 40, failed: 4, skipped: 2 });
    assert.equal(parseWebTestRunner('Error: could not find any test files'), undefined);
  });

  it("reads Playwright's closing lines, flaky as passed and did-not-run as skipped", () => {
    const output = '  2 failed\n    test/e2e/a.e2e.ts:8:1 › a\n  1 flaky\n  1 did not run\n  3 passed (28.0s)\n';
    assert.deepEqual(parsePlaywright(output), { passed: 4, failed: 2, skipped: 1 });
    assert.deepEqual(parsePlaywright('  5 passed (1.2s)\n'), { passed: 5, failed: 0, skipped: 0 });
    assert.equal(parsePlaywright('Error: no tests found'), undefined);
  });
});

describe('failureLines', () => {
  it('names the failed tests of each runner once, without timings', () => {
    const node = '✔ fine (2ms)\n✖ seals an encrypted PDF (320.9ms)\n✖ failing tests:\n\ntest at a.test.ts:1:1\n✖ seals an encrypted PDF (320.9ms)\n';
    assert.deepEqual(failureLines(node), ['✖ seals an encrypted PDF']);
    const wtr = 'src/a.browser.test.ts:\n\n \x1b[31m❌ viewer > shows a tick\x1b[39m\n      AssertionError: expected\n';
    assert.deepEqual(failureLines(wtr), ['❌ src/a.browser.test.ts: viewer > shows a tick (AssertionError: expected)']);
    assert.deepEqual(failureLines('  ✘  3 test/e2e/a.e2e.ts:8:1 › signs (2.0s)\n  ✓  1 test/e2e/b.e2e.ts:1:1 › ok\n'), ['✘  3 test/e2e/a.e2e.ts:8:1 › signs']);
    assert.equal(failureLines(Array.from({ length: 40 }, (_, i) => `✖ t${i}`).join('\n')).length, 15);
  });
});

describe('runStage', () => {
  it('streams a child, reads its summary and reports its exit code', async () => {
    const script = "console.log('ℹ pass 2'); console.log('ℹ fail 1'); process.exit(1)";
    const result = await runStage({ name: 'probe', command: process.execPath, args: ['-e', script], parse: parseNodeTest, timeoutMs: 20_000, quiet: true });
    assert.equal(result.exitCode, 1);
    assert.equal(result.summarised, true);
    assert.deepEqual([result.passed, result.failed], [2, 1]);
  });

  it('stops a stage that outlives its time limit', async () => {
    const result = await runStage({
      name: 'hang',
      command: process.execPath,
      args: ['-e', 'setInterval(() => {}, 1000)'],
      parse: parseNodeTest,
      timeoutMs: 300,
      quiet: true,
    });
    assert.equal(result.exitCode, 124);
    assert.equal(result.summarised, false);
  });
});
