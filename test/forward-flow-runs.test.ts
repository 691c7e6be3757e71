// A name bound many times in one scope is read and written through runs of its bindings (see
// `NameRuns` in forward-flow.ts): on random code of loops, conditions and blocks, every read must see
// exactly the bindings that listing them one by one gives, through either tree of runs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { walk, type SyntaxNode } from '../server/src/parser/syntax';
import { bindingsIn, reachingOneByOne, reachingRuns, runKey, runsOfBindings, type Binding } from '../server/src/semantic/forward-flow';
import { Random } from './fuzz/random';
import { sharedAnalyzer } from './support/analyzer';

/** Module-level code that binds and reads `t` many times, in blocks nested up to three deep. */
function randomModule(random: Random, statements: number): string {
  const lines: string[] = [];
  let depth = 0;
  for (let i = 0; i < statements; i++) {
    const indent = '    '.repeat(depth);
    const choice = random.int(20);
    if (choice >= 12) {
      // A binding in a block of its own, which hides nothing after it.
      lines.push(indent + random.pick([`for x in items${i}:`, 'if c:', 'while c:']), indent + '    ' + random.pick(['t += x', 't = f(t)', 'keep.append(t)']));
    } else if (choice < 3 && depth < 3) {
      lines.push(indent + random.pick([`for t in items${i}:`, `for x in items${i}:`, `while t < ${i}:`, `if t:`, `with lock as t:`, `try:`]));
      lines.push(indent + '    ' + random.pick(['t = f(t)', 't += 1', 'print(t)', 'pass']));
      depth++;
    } else if (choice < 5 && depth > 0) {
      depth -= 1 + random.int(depth);
      lines.push('    '.repeat(depth) + random.pick(['t = g()', 'print(t)', 'total += t', 'x = 1']));
    } else {
      lines.push(indent + random.pick(random.int(4) ? ['print(t)', 'keep.append(t)', 'total += t', 't[0] = out'] : ['t = model(x)', 't += out', 'total += t', 'print(t)', 'keep.append(t)', 't[0] = out', 'u = [t for t in xs]', 'z = (t := h())', 'f = lambda: t']));
    }
  }
  while (depth > 0) lines.push('    '.repeat(depth--) + 'pass');
  return lines.join('\n') + '\n';
}

/** The bindings a key stands for: itself, or the bindings under a run. */
function bindingsUnder(key: string, list: readonly Binding[], size: number): string[] {
  const prefix = key.slice(0, 3);
  if (prefix !== runKey('t', 'sources', 1).slice(0, 3) && prefix !== runKey('t', 'targets', 1).slice(0, 3)) return [key];
  const found: string[] = [];
  const pending = [Number(key.slice(3))];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node >= size) {
      if (node - size < list.length) found.push(list[node - size]!.key);
    } else pending.push(2 * node, 2 * node + 1);
  }
  return found;
}

test('runs of bindings give every read the bindings listed one by one', async () => {
  const analyzer = await sharedAnalyzer();
  const random = new Random(39);
  let reads = 0;
  for (let round = 0; round < 40; round++) {
    const text = randomModule(random, 150 + random.int(250));
    const root = analyzer.parser.parseToSyntax(text);
    const nodes: SyntaxNode[] = [];
    walk(root, (n) => void (n !== root && nodes.push(n)));
    const list = bindingsIn(root, nodes, text).get('t') ?? [];
    assert.ok(list.length > 32, `round ${round}: only ${list.length} bindings`);
    const runs = runsOfBindings(list);
    assert.equal(runKey('t', 'sources', 1), 't\u0002s1');
    for (const read of nodes) {
      if (read.type !== 'identifier' || text.slice(read.start, read.end) !== 't') continue;
      reads++;
      const expected = [...new Set(reachingOneByOne(list, root, 't', read))].sort();
      for (const role of ['sources', 'targets'] as const) {
        const keys = reachingRuns(list, runs, root, 't', read, role);
        const seen = [...new Set(keys.flatMap((key) => bindingsUnder(key, list, runs.size)))].sort();
        assert.deepEqual(seen, expected, `round ${round}, ${role}, the read at ${read.start}:\n${text}`);
        assert.ok(keys.length <= 2 * expected.length + 64, `round ${round}: ${keys.length} keys for ${expected.length} bindings`);
      }
    }
  }
  assert.ok(reads > 1000, `${reads} reads`);
});
