// Issue 28 (decision 074): what a write meets when another process holds the database's write
// lock. It never waits on the event loop: it fails at once and is tried again asynchronously,
// within a budget; past it, DatabaseBusyError. And a write that met the lock never leaves its
// connection holding later writes uncommitted (« a sign-up acknowledged but not stored »).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, describe, expect, it } from "vitest";
import { DatabaseBusyError, isBusyError, noWait } from "../../src/server/db/busy.ts";
import { openDatabase } from "../../src/server/db/node.ts";
import { holdWriteLock } from "../helpers/write-lock.ts";

const directory = mkdtempSync(join(tmpdir(), "zone-sante-busy-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
let files = 0;

async function freshDatabase(writeBudgetMs?: number) {
  const file = join(directory, `busy-${++files}.db`);
  const database = await openDatabase({ url: `file:${file}`, dataDirectory: directory, ...(writeBudgetMs === undefined ? {} : { writeBudgetMs }) });
  await database.db.$client.execute("create table notes (id integer primary key, body text)");
  return { file, ...database };
}

async function countSeenByAnotherConnection(file: string): Promise<number> {
  const other = createClient({ url: `file:${file}` });
  const result = await other.execute("select count(*) as n from notes");
  other.close();
  return Number(result.rows[0]?.n);
}

describe("a write that meets another process's lock (decision 074)", () => {
  it("is tried again asynchronously and succeeds once the lock is gone, within its budget", async () => {
    const { db, file, close } = await freshDatabase(3000);
    const lock = await holdWriteLock(file, 400);
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    await db.$client.execute("insert into notes (body) values ('after the lock')");
    clearInterval(ticker);
    await lock.released;
    // The event loop ran while the write waited: it was not a synchronous busy wait (which lets no
    // tick through). Counted, not timed: a busy machine gives fewer than the ~35 quiet ticks.
    expect(ticks).toBeGreaterThanOrEqual(2);
    expect(await countSeenByAnotherConnection(file)).toBe(1);
    close();
  });

  it("past its budget, fails with DatabaseBusyError having written nothing", async () => {
    const { db, file, close } = await freshDatabase(200);
    const lock = await holdWriteLock(file, 1500);
    const error = await db.$client.execute("insert into notes (body) values ('refused')").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatabaseBusyError);
    expect(isBusyError(error)).toBe(true);
    await lock.released;
    expect(await countSeenByAnotherConnection(file)).toBe(0);
    close();
  });

  it("never leaves its connection holding later writes uncommitted (a sign-up acknowledged but not stored)", async () => {
    // The libsql driver leaves a statement that failed busy active on its connection: every later
    // write on that connection « succeeded » without being committed. Seen failing without
    // closeConnectionsThatFailBusy: 0 of the 5 acknowledged rows reached the file.
    const { db, file, close } = await freshDatabase();
    const lock = await holdWriteLock(file, 300);
    const refused = await noWait(db.$client)
      .execute("insert into notes (body) values ('refused at once')")
      .catch((caught: unknown) => caught);
    expect(isBusyError(refused)).toBe(true);
    await lock.released;
    for (let index = 0; index < 5; index++) await db.$client.execute({ sql: "insert into notes (body) values (?)", args: [`acknowledged ${index}`] });
    expect(await countSeenByAnotherConnection(file)).toBe(5);
    // The same through a batch whose BEGIN met the lock.
    const again = await holdWriteLock(file, 300);
    expect(
      isBusyError(
        await noWait(db.$client)
          .batch(["insert into notes (body) values ('refused batch')"], "write")
          .catch((caught: unknown) => caught),
      ),
    ).toBe(true);
    await again.released;
    await db.$client.execute("insert into notes (body) values ('after the batch')");
    expect(await countSeenByAnotherConnection(file)).toBe(6);
    close();
  });
});
