// Deactivation on a window reload: the output channel the language client writes to while the server
// stops stays open until the client is done, a stop that fails or times out raises nothing, and a
// request made as the stop begins gets an empty answer instead of an error.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { unlessStopping } from '../client/src/requests-while-stopping';
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

test('a request made in the same turn as the stop gets the empty answer and never reaches the client', async () => {
  let running = true;
  let reached = 0;
  const request = unlessStopping(() => running, 'empty', () => {
    reached++;
    return 'answer';
  });
  // deactivate() begins stopping the client right after VS Code asked for the light bulb's actions.
  running = false;
  assert.equal(await request, 'empty');
  assert.equal(reached, 0);
  running = true;
  assert.equal(await unlessStopping(() => running, 'empty', () => Promise.resolve('answer')), 'answer');
});
