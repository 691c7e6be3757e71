// workspace/didChangeConfiguration, pyproject.toml changes and the GPU the client reads: forget cached
// settings and lint every open document again. Other watched files' changes go on to whoever else listens.
import { basename } from 'node:path';
import {
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  type Connection,
  type FileEvent,
} from 'vscode-languageserver';
import type { ClientSupport } from './capabilities';
import type { ConfigDiagnostics } from './config-diagnostics';
import type { DiagnosticsPublisher } from './diagnostics-publisher';
import { documentPath } from './document-path';
import type { DocumentSettingsProvider } from './document-settings';
import { forgetProjectSettings } from './project-settings';
import { CONFIGURATION_SECTION, GPU_MEMORY_NOTIFICATION, PROJECT_FILE_GLOB, type GpuMemoryParams } from './protocol';

const PROJECT_FILE_NAME = 'pyproject.toml';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function registerSettingsChanges(
  connection: Connection,
  settings: DocumentSettingsProvider,
  /** The open documents and notebooks. */
  openUris: () => string[],
  publisher: DiagnosticsPublisher,
  configDiagnostics: ConfigDiagnostics,
  /** Hears of every watched file's change (the workspace index reads changed Python files again). */
  onWatchedFiles?: (changes: readonly FileEvent[]) => void,
  /** Called after each change that lints again: the estimate's hints depend on the settings too. */
  afterChange: () => void = () => undefined,
): void {
  const relintAll = () => {
    publisher.scheduleAll(openUris());
    afterChange();
  };

  connection.onDidChangeConfiguration((params) => {
    // Pull clients send nothing useful here (often `null`); push clients send the whole tree.
    settings.invalidate(isRecord(params.settings) ? params.settings[CONFIGURATION_SECTION] : undefined);
    relintAll();
  });

  // The GPU the client's status bar reads: the target of OOM004 where settings name none.
  connection.onNotification(GPU_MEMORY_NOTIFICATION, (params: GpuMemoryParams) => {
    if (settings.setGpuReadout(typeof params?.totalMiB === 'number' ? params.totalMiB : null)) relintAll();
  });

  connection.onDidChangeWatchedFiles((params) => {
    onWatchedFiles?.(params.changes);
    const changed = params.changes
      .map((change) => documentPath(change.uri))
      .filter((path): path is string => path !== undefined && basename(path) === PROJECT_FILE_NAME);
    if (!changed.length) return;
    for (const path of changed) {
      forgetProjectSettings(path);
      configDiagnostics.changed(path);
    }
    settings.invalidate();
    relintAll();
  });
}

/** Asks the client, after `initialized`, for the notifications above where it must be asked. */
export async function requestSettingsNotifications(connection: Connection, support: ClientSupport): Promise<void> {
  const registrations: Promise<unknown>[] = [];
  if (support.configurationChangeRegistration) {
    registrations.push(connection.client.register(DidChangeConfigurationNotification.type, { section: CONFIGURATION_SECTION }));
  }
  if (support.watchedFilesRegistration) {
    registrations.push(
      connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: PROJECT_FILE_GLOB }] }),
    );
  }
  await Promise.all(registrations);
}
