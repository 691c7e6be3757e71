// Where each key and value of a TOML text is written: for random documents written out by smol-toml
// (tables, dotted and quoted keys, arrays, inline tables, strings with escapes), every key is found at
// the place that names it, and every value at text that parses back to it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseToml } from '../server/src/config/toml';
import { TomlPositions } from '../server/src/config/toml-positions';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { stringify } = require('smol-toml') as { stringify: (value: unknown) => string };

const key = fc.oneof(fc.constantFrom('select', 'max-batch-size', 'a_b', '1', 'x y', 'é', 'a.b', '"q"', "'", 'new\nline', 'tab\tkey', '\u0001\u{1f680}'), fc.string({ minLength: 1, maxLength: 6 }));
const scalar = fc.oneof(fc.integer(), fc.boolean(), fc.string({ maxLength: 8 }), fc.constantFrom('a\nb', 'tab\there', '"""', "'''", '\\'));
const value = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, scalar, fc.array(scalar, { maxLength: 4 }), tie('table')),
  table: fc.dictionary(key, tie('value'), { maxKeys: 4 }),
})).table;

/** Every path to a value of the document that is not a table, with the value. */
function leaves(table: Record<string, unknown>, prefix: string[] = []): [string[], unknown][] {
  return Object.entries(table).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? leaves(v as Record<string, unknown>, [...prefix, k]) : [[[...prefix, k], v] as [string[], unknown]],
  );
}

test('every key and value of a document smol-toml writes is found where it is written', () => {
  fc.assert(
    fc.property(value, (document) => {
      const text = stringify(document);
      const positions = new TomlPositions(text);
      for (const [path, expected] of leaves(parseToml(text))) {
        const found = positions.find(path);
        assert.ok(found?.exact, `${JSON.stringify(path)} in ${JSON.stringify(text)}`);
        const { key: keySpan, value: valueSpan } = found.definition;
        // The key as written parses back to the path's last segment, and the value to the value.
        const written = text.slice(keySpan.start, keySpan.end);
        assert.deepEqual(Object.keys(parseToml(`${written} = 1`)), [path.at(-1)], `${written} for ${JSON.stringify(path)}`);
        assert.ok(valueSpan, `no value for ${JSON.stringify(path)}`);
        assert.deepEqual(parseToml(`v = ${text.slice(valueSpan.start, valueSpan.end)}`).v, expected, JSON.stringify(text));
        if (Array.isArray(expected)) assert.equal(valueSpan.entries?.length, expected.length);
      }
    }),
    { numRuns: 500 },
  );
});

test('the last of 50,000 keys is found on its own line', () => {
  const text = '[tool.oomlint]\n' + Array.from({ length: 50_000 }, (_, i) => `k${i} = "${i}" # note\n`).join('');
  const positions = new TomlPositions(text);
  const last = positions.find(['tool', 'oomlint', 'k49999'])!;
  assert.equal(positions.position(last.definition.key.start).line, 50_001);
});
