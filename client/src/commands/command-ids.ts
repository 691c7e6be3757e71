// Every command the extension contributes, by id; package.json's `contributes.commands` must list
// exactly these (test/manifest.test.ts checks both directions).
export const COMMAND_IDS = {
  fixAll: 'oomlint.fixAll',
  restartServer: 'oomlint.restartServer',
  showGpuDetails: 'oomlint.showGpuDetails',
  openRuleDocs: 'oomlint.openRuleDocs',
  explainOutOfMemory: 'oomlint.explainOutOfMemory',
} as const;

export type CommandId = (typeof COMMAND_IDS)[keyof typeof COMMAND_IDS];
