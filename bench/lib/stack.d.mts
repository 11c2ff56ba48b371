export const repoRoot: string;
export function freePort(): Promise<number>;
export function buildWeb(opts?: { force?: boolean }): void;
export interface RunningStack {
  url: string;
  port: number;
  dataDir: string;
  /** The stack's process (stand-ins, edge server and handlers run in it). */
  pid: number | undefined;
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}
export function startStack(opts?: {
  dataDir?: string;
  port?: number;
  env?: Record<string, string>;
  quiet?: boolean;
}): Promise<RunningStack>;
export function machine(): Promise<string>;
