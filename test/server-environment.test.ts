// The environment clients start the language server in (server/src/lsp/protocol.ts): the allocator
// settings are added, and a user's own values of them are kept.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SERVER_ENVIRONMENT, serverEnvironment } from '../server/src/lsp/protocol';

test('the server environment adds the allocator settings to the client\'s own', () => {
  const env = serverEnvironment({ PATH: '/usr/bin', LANG: 'ru_RU.UTF-8' });
  assert.equal(env['PATH'], '/usr/bin');
  assert.equal(env['LANG'], 'ru_RU.UTF-8');
  for (const [name, value] of Object.entries(SERVER_ENVIRONMENT)) assert.equal(env[name], value, name);
});

test('a value the user set for one of them wins', () => {
  assert.equal(serverEnvironment({ MALLOC_ARENA_MAX: '8' })['MALLOC_ARENA_MAX'], '8');
});
