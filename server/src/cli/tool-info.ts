// Who we are, for SARIF's driver and the rule links: taken from package.json by the entry point
// (the bundle inlines it at build time) and handed down, so the formats stay free of file access.

export interface ToolInfo {
  name: string;
  version: string;
  /** The repository's web address, without `git+` or `.git`. */
  repositoryUrl: string;
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);

export function toolInfoFromPackageJson(packageJson: unknown): ToolInfo {
  const fields = (typeof packageJson === 'object' && packageJson !== null ? packageJson : {}) as Record<string, unknown>;
  const repository = fields.repository;
  const url = typeof repository === 'string' ? repository : typeof repository === 'object' && repository !== null ? (repository as Record<string, unknown>).url : undefined;
  return {
    name: text(fields.name, 'oomlint'),
    version: text(fields.version, '0.0.0'),
    repositoryUrl: text(url, '').replace(/^git\+/, '').replace(/\.git$/, ''),
  };
}
