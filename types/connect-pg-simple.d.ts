declare module 'connect-pg-simple' {
  import type session from 'express-session';
  type Options = {
    conString?: string;
    pool?: unknown;
    tableName?: string;
    createTableIfMissing?: boolean;
    pruneSessionInterval?: number | false;
    errorLog?: (...args: unknown[]) => void;
  };
  export default function connectPgSimple(s: typeof session): new (
    options?: Options,
  ) => session.Store & {
    close(): void;
  };
}
