import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints one machine-readable line after the list reporter, read by .ci/run:
 * `E2E SUMMARY: status=passed passed=N failed=N flaky=N skipped=N`
 */
export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<TestCase, ReturnType<TestCase['outcome']>>();

  onTestEnd(test: TestCase, _result: TestResult): void {
    this.outcomes.set(test, test.outcome());
  }

  onEnd(result: FullResult): void {
    const count = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
    for (const outcome of this.outcomes.values()) count[outcome] += 1;
    console.log(
      `E2E SUMMARY: status=${result.status} passed=${count.expected} failed=${count.unexpected} ` +
        `flaky=${count.flaky} skipped=${count.skipped}`,
    );
  }

  printsToStdio(): boolean {
    return true;
  }
}
