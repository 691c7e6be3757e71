// Stopping the language client when the extension deactivates (window reload, VS Code closing).
// VS Code disposes the extension's subscriptions right after calling deactivate(), without waiting
// for it, so the output channel the client writes to while the server stops must not be one of them:
// it is closed here, after the client is done ("Channel has been closed" errors otherwise).

export interface StoppableClient {
  isRunning(): boolean;
  stop(): Promise<void>;
}

export interface Closable {
  dispose(): void;
}

export async function stopClientThenClose(client: StoppableClient | undefined, output: Closable | undefined): Promise<void> {
  try {
    // A client that never came up has nothing to stop (and stop() would throw).
    if (client?.isRunning()) await client.stop();
  } catch {
    // The window is going away: the server process ends with the extension host, and nobody is left
    // to read an error about it.
  } finally {
    output?.dispose();
  }
}
