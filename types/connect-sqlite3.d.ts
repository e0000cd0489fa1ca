declare module 'connect-sqlite3' {
  import type session from 'express-session';
  type Options = {
    db?: string;
    dir?: string;
    table?: string;
    concurrentDb?: boolean;
    createDirIfNotExists?: boolean;
  };
  export default function connectSqlite3(
    s: typeof session,
  ): new (
    options?: Options,
  ) => session.Store & { db?: { close(cb?: (err?: Error) => void): void } };
}
