// The commands the client code registers and runs agree with `contributes.commands`: a command the
// code registers but the manifest omits is unreachable from the palette, and a declared command that
// no code registers fails with "command not found". Ids are read with the TypeScript checker, so
// constants (`COMMAND_IDS.fixAll`, `const X = 'oomlint.x'`) count as well as literals.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { COMMAND_IDS } from '../client/src/commands/command-ids';
import { APPLY_FIX_ALL_COMMAND } from '../server/src/lsp/protocol';
import { REPO_ROOT } from './support/paths';

const CLIENT_SOURCES = join(REPO_ROOT, 'client', 'src');
/** Commands the language server registers itself; the client forwards them, the palette never shows them. */
const SERVER_COMMANDS = new Set<string>([APPLY_FIX_ALL_COMMAND]);

interface CommandUse {
  id: string;
  how: 'register' | 'execute';
  where: string;
}

function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return typeScriptFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : [];
  });
}

/** `registerCommand(id, ...)`, `registerTextEditorCommand(id, ...)` and `executeCommand(id, ...)` whose id is a known string. */
function commandUses(): CommandUse[] {
  const configPath = join(REPO_ROOT, 'client', 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(configPath, { noEmit: true }, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => assert.fail(ts.flattenDiagnosticMessageText(d.messageText, '\n')),
  });
  assert.ok(config);
  const program = ts.createProgram({ rootNames: typeScriptFiles(CLIENT_SOURCES), options: { ...config.options, noEmit: true } });
  const checker = program.getTypeChecker();
  const uses: CommandUse[] = [];
  for (const file of program.getSourceFiles()) {
    if (!file.fileName.startsWith(CLIENT_SOURCES.replaceAll('\\', '/'))) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.arguments[0]) {
        const method = node.expression.name.text;
        const how = method === 'executeCommand' ? 'execute' : /^register(TextEditor)?Command$/.test(method) ? 'register' : undefined;
        const idType = checker.getTypeAtLocation(node.arguments[0]);
        if (how && idType.isStringLiteral()) {
          const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
          uses.push({ id: idType.value, how, where: `${file.fileName}:${line + 1}` });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return uses;
}

const declared = new Set(
  (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { contributes: { commands: { command: string }[] } })
    .contributes.commands.map((c) => c.command),
);
const uses = commandUses();
const ownUses = uses.filter((u) => u.id.startsWith('oomlint.') && !SERVER_COMMANDS.has(u.id));

test('the command scan finds the registrations it must find', () => {
  const registered = new Set(uses.filter((u) => u.how === 'register').map((u) => u.id));
  for (const id of [COMMAND_IDS.fixAll, COMMAND_IDS.restartServer, COMMAND_IDS.openRuleDocs]) {
    assert.ok(registered.has(id), `${id} not found by the scan`);
  }
});

test('every oomlint command the client registers or runs is declared in contributes.commands', () => {
  for (const use of ownUses) assert.ok(declared.has(use.id), `${use.id} (${use.how} at ${use.where}) is not declared`);
});

test('every declared command is registered by the client', () => {
  const registered = new Set(ownUses.filter((u) => u.how === 'register').map((u) => u.id));
  for (const id of declared) assert.ok(registered.has(id), `${id} is declared but no client code registers it`);
});

test('the command id table and the manifest list the same commands', () => {
  assert.deepEqual([...declared].sort(), Object.values(COMMAND_IDS).sort());
});

test('no client code registers a command id that the server owns', () => {
  const clashes = uses.filter((u) => u.how === 'register' && SERVER_COMMANDS.has(u.id));
  assert.deepEqual(clashes, []);
});
