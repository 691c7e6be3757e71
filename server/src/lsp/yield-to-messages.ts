// The pause that long work in the server (an analysis in slices, the workspace index) takes between
// its slices, so that requests that came meanwhile are answered first.

/** Turns of the event loop between slices: reading a message, dispatching it and answering take one each. */
const TURNS_BETWEEN_SLICES = 3;

/** Lets the server handle the messages that arrived meanwhile before the background work goes on. */
export async function yieldToMessages(): Promise<void> {
  for (let turn = 0; turn < TURNS_BETWEEN_SLICES; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
}
