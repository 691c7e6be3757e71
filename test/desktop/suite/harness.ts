// A small test runner for the extension host (no mocha): tests run one after another, each failure
// is printed with its stack, and the last line is the tally that scripts look for.
export type TestBody = () => Promise<void> | void;

interface RegisteredTest {
  name: string;
  body: TestBody;
}

const registered: RegisteredTest[] = [];

export function test(name: string, body: TestBody): void {
  registered.push({ name, body });
}

export interface Tally {
  passed: number;
  failed: number;
}

export async function runRegisteredTests(log: (line: string) => void): Promise<Tally> {
  const tally: Tally = { passed: 0, failed: 0 };
  for (const { name, body } of registered) {
    try {
      await body();
      tally.passed++;
      log(`ok - ${name}`);
    } catch (error: unknown) {
      tally.failed++;
      log(`not ok - ${name}`);
      log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    }
  }
  log(`${tally.passed} passed, ${tally.failed} failed`);
  return tally;
}
