// SARIF 2.1.0, as GitHub code scanning and other result viewers read it. Columns are Unicode code
// points (stated in `columnKind`); paths are relative to the working folder (`%SRCROOT%`).
import { terminalSafeJson } from './printable';
import { isAbsolute, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SourceText } from '../core/source';
import type { ConfigProblem, Diagnostic, Fix, Severity } from '../core/types';
import { renderRuleMarkdown, ruleDocUrl } from '../rules/docs';
import { ALL_RULES } from '../rules/index';
import { READ_ERROR_CODE, type CheckReport } from './check-report';
import { fileLocation as locateIn } from './locations';
import type { NotebookLines } from './notebook-check';
import { en } from '../l10n/en';
import type { ConfigMessages } from '../l10n/messages';
import type { ToolInfo } from './tool-info';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

type SarifLevel = 'error' | 'warning' | 'note';

const LEVEL: Record<Severity, SarifLevel> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

const SRCROOT = '%SRCROOT%';

interface SarifRegion {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

/** A relative path as a URI reference: `/` separators, each segment percent-encoded. */
export function relativeUri(displayPath: string): string {
  return displayPath.split(/[\\/]/).map(encodeURIComponent).join('/');
}

type LocatedFile = { source: SourceText; notebook?: NotebookLines };

/** In a notebook, lines count within the cell, and the region says which cell in its properties. */
function region(file: LocatedFile, start: number, end: number): SarifRegion & { properties?: { cell: number | null } } {
  const from = locateIn(file, start);
  const to = locateIn(file, end);
  const lines = { startLine: from.row, startColumn: from.column, endLine: to.row, endColumn: to.column };
  return file.notebook ? { ...lines, properties: { cell: from.cell } } : lines;
}

function artifactLocation(displayPath: string) {
  return { uri: relativeUri(displayPath), uriBaseId: SRCROOT };
}

function sarifFix(uri: string, file: LocatedFile, fix: Fix) {
  return {
    description: { text: fix.title },
    artifactChanges: [
      {
        artifactLocation: { uri, uriBaseId: SRCROOT },
        replacements: fix.edits.map((edit) => ({
          deletedRegion: region(file, edit.start, edit.end),
          insertedContent: { text: edit.newText },
        })),
      },
    ],
    properties: { applicability: fix.applicability },
  };
}

function ruleDescriptors(tool: ToolInfo, withReadError: boolean) {
  const rules = ALL_RULES.map(({ meta }) => ({
    id: meta.code,
    name: meta.name,
    shortDescription: { text: meta.summary },
    fullDescription: { text: meta.doc.whatItDoes.trim() },
    helpUri: ruleDocUrl(meta, tool.repositoryUrl),
    help: { text: meta.summary, markdown: renderRuleMarkdown(meta) },
    defaultConfiguration: { level: LEVEL[meta.defaultSeverity] },
    properties: { fixable: meta.fixable },
  }));
  if (!withReadError) return rules;
  return [
    ...rules,
    {
      id: READ_ERROR_CODE,
      name: 'io-error',
      shortDescription: { text: 'The file could not be read or decoded as UTF-8.' },
      fullDescription: { text: 'oomlint reads Python files and notebooks as UTF-8; a file it cannot open or decode, or a notebook that is not valid nbformat 4, is not checked.' },
      helpUri: tool.repositoryUrl,
      help: { text: 'The file could not be read or decoded as UTF-8.', markdown: 'The file could not be read or decoded as UTF-8.' },
      defaultConfiguration: { level: 'error' as SarifLevel },
      properties: { fixable: 'never' },
    },
  ];
}

/** Inside the working folder: relative to %SRCROOT%, like results; elsewhere: an absolute file URL. */
function fileLocation(cwd: string, file: string) {
  const rel = relative(cwd, file);
  return rel.startsWith('..') || isAbsolute(rel) ? { uri: pathToFileURL(file).href } : artifactLocation(rel);
}

function configNotification(problem: ConfigProblem, cwd: string, messages: ConfigMessages) {
  const region = {
    startLine: problem.line,
    ...(problem.column === undefined ? {} : { startColumn: problem.column }),
    ...(problem.endLine === undefined ? {} : { endLine: problem.endLine }),
    ...(problem.endColumn === undefined ? {} : { endColumn: problem.endColumn }),
  };
  return {
    level: problem.severity ?? 'error',
    message: { text: messages.configProblem(problem.detail) },
    locations: [{ physicalLocation: { artifactLocation: fileLocation(cwd, problem.file), region } }],
  };
}

function result(displayPath: string, file: LocatedFile, diagnostic: Diagnostic, ruleIndex: Map<string, number>) {
  const uri = relativeUri(displayPath);
  return {
    ruleId: diagnostic.code,
    ...(ruleIndex.has(diagnostic.code) ? { ruleIndex: ruleIndex.get(diagnostic.code)! } : {}),
    level: LEVEL[diagnostic.severity],
    message: { text: diagnostic.message },
    locations: [{ physicalLocation: { artifactLocation: artifactLocation(displayPath), region: region(file, diagnostic.start, diagnostic.end) } }],
    ...(diagnostic.fixes.length ? { fixes: diagnostic.fixes.map((fix) => sarifFix(uri, file, fix)) } : {}),
  };
}

export function formatSarif(report: CheckReport, cwd: string, tool: ToolInfo, messages: ConfigMessages = en): string {
  const rules = ruleDescriptors(tool, report.failures.length > 0);
  const ruleIndex = new Map(rules.map((rule, index) => [rule.id, index]));
  const results = [
    ...report.files.flatMap((file) => file.diagnostics.map((d) => result(file.displayPath, file, d, ruleIndex))),
    ...report.failures.map((failure) => ({
      ruleId: READ_ERROR_CODE,
      ruleIndex: ruleIndex.get(READ_ERROR_CODE)!,
      level: 'error' as SarifLevel,
      message: { text: failure.message },
      locations: [
        {
          physicalLocation: {
            artifactLocation: artifactLocation(failure.displayPath),
            region: { startLine: failure.line ?? 1, startColumn: failure.column ?? 1 },
          },
        },
      ],
    })),
  ];
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: tool.name, version: tool.version, informationUri: tool.repositoryUrl, rules } },
        originalUriBaseIds: { [SRCROOT]: { uri: pathToFileURL(cwd).href.replace(/\/?$/, '/') } },
        columnKind: 'unicodeCodePoints',
        invocations: [
          {
            executionSuccessful: report.failures.length === 0 && !report.configProblems.some((p) => p.severity !== 'warning'),
            toolConfigurationNotifications: report.configProblems.map((p) => configNotification(p, cwd, messages)),
          },
        ],
        results,
      },
    ],
  };
  return terminalSafeJson(log) + '\n';
}
