// Entry point that VS Code's extension host calls with `--extensionTestsPath`.
import { runRegisteredTests } from './harness';
import './extension.suite';
import './diagnostics.suite';
import './notebook.suite';

export async function run(): Promise<void> {
  const { failed } = await runRegisteredTests((line) => console.log(line));
  if (failed > 0) throw new Error(`${failed} desktop test(s) failed`);
}
