// What the server's parts need of a log: the connection's console in the server, anything in tests.
export interface Logger {
  error(message: string): void;
  warn(message: string): void;
  info(message: string): void;
  /** Detail for whoever looks into the server's work (VS Code hides it unless asked). */
  debug?(message: string): void;
}
