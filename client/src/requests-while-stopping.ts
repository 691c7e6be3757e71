// Editor requests (code actions for the light bulb, hovers) that VS Code sends in the same turn as
// deactivation: vscode-languageclient lets such a request through before stop() begins and then fails
// it with "Starting server failed", logged as an error on every window reload. Waiting one turn lets a
// stop that is under way show, and the request then gets the empty answer instead of reaching a
// client that is going away.

/** The answer of `next`, unless the client has stopped running by the next turn of the event loop. */
export async function unlessStopping<T>(isRunning: () => boolean, empty: T, next: () => T | PromiseLike<T>): Promise<T> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (!isRunning()) return empty;
  return next();
}

