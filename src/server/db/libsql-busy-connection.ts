// A defect of the `libsql` driver (0.5.29, the latest; found under issue 28): a statement that
// fails with SQLITE_BUSY is never reset, so it stays active on its connection, holding a read
// transaction open, and every write that connection runs afterwards « succeeds » without being
// committed — invisible to other connections and lost when the connection closes. That is how a
// sign-up was acknowledged (202 and its e-mail) and then not found: its insert ran on a connection
// an earlier statement had left busy. A constraint error does not do it (SQLite resets that
// statement itself). The cure here: a connection on which a statement failed busy is closed at
// once, before anything else runs on it; the client's pool then drops it (it never gives a closed
// connection back) and opens a new one. Decision 074.
import Database from "libsql";
import { isBusyError } from "./busy.ts";

type StatementMethod = (...args: unknown[]) => unknown;
interface PreparedStatement {
  run: StatementMethod;
  get: StatementMethod;
  all: StatementMethod;
}
interface Connection {
  open: boolean;
  close(): void;
  prepare(sql: string): PreparedStatement;
}

const PATCHED = Symbol.for("zone-sante.libsql-busy-connection");

/** Once per process: every `libsql` connection closes itself when one of its statements fails busy. */
export function closeConnectionsThatFailBusy(): void {
  const prototype = Database.prototype as unknown as Connection & { [PATCHED]?: true };
  if (prototype[PATCHED]) return;
  prototype[PATCHED] = true;
  const prepare = prototype.prepare;
  prototype.prepare = function (this: Connection, sql: string) {
    return closingWhenBusy(this, prepare.call(this, sql));
  };
}

/** The statement, its run/get/all closing `connection` when they fail busy. */
function closingWhenBusy(connection: Connection, statement: PreparedStatement): PreparedStatement {
  for (const name of ["run", "get", "all"] as const) {
    const method = statement[name];
    statement[name] = function (this: unknown, ...args: unknown[]) {
      try {
        return method.apply(this, args);
      } catch (error) {
        if (isBusyError(error) && connection.open) connection.close();
        throw error;
      }
    };
  }
  return statement;
}
