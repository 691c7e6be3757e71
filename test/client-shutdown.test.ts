// Deactivation on a window reload: the output channel the language client writes to while the server
// stops stays open until the client is done, and a stop that fails or times out raises nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { stopClientThenClose } from '../client/src/shutdown';

/** An output channel that throws as VS Code's does once it is disposed. */
class FakeChannel {
  disposed = false;
  readonly lines: string[] = [];
  append(line: string): void {
    if (this.disposed) throw new Error('Channel has been closed');
    this.lines.push(line);
  }
  dispose(): void {
    this.disposed = true;
  }
}

test('the channel stays open while the client stops, and closes after', async () => {
  const channel = new FakeChannel();
  const client = {
    isRunning: () => true,
    stop: async () => {
      // vscode-languageclient logs while it shuts the server down, a few ticks after stop() began.
      await new Promise((resolve) => setImmediate(resolve));
      channel.append('Stopping server');
    },
  };
  // VS Code calls deactivate() and disposes the subscriptions at once, without awaiting it.
  const deactivating = stopClientThenClose(client, channel);
  assert.equal(channel.disposed, false);
  await deactivating;
  assert.deepEqual(channel.lines, ['Stopping server']);
  assert.equal(channel.disposed, true);
});

test('a stop that times out or fails still closes the channel and throws nothing', async () => {
  const channel = new FakeChannel();
  await stopClientThenClose({ isRunning: () => true, stop: () => Promise.reject(new Error('Stopping the server timed out')) }, channel);
  assert.equal(channel.disposed, true);
  let stopped = false;
  const notRunning = { isRunning: () => false, stop: async () => void (stopped = true) };
  await stopClientThenClose(notRunning, undefined);
  assert.equal(stopped, false, 'a client that never came up is not stopped');
});
