// Issue 28 (decision 074): reading needs no write. While another process holds the database's
// write lock, a signed-in person whose session is due for its activity refresh still reads her
// account at once — the refresh is tried once and left for a later request, not waited for, and
// she is never told « Votre session a expirée » because the database was busy.
import { describe, expect, it } from "vitest";
import { SESSION_ACTIVITY_CHECK_MS } from "../../src/server/auth/session.ts";
import { findUserByEmail } from "../../src/server/db/repositories/users.ts";
import { signUp } from "../../src/server/services/accounts.ts";
import { DATABASE_WRITE_BUDGET_MS } from "../../src/server/db/node.ts";
import { signedInAs } from "../helpers/browser-client.ts";
import { useTestApp } from "../helpers/test-app.ts";
import { holdWriteLock } from "../helpers/write-lock.ts";

const START = new Date("2026-11-26T09:00:00Z");
const t = useTestApp({ now: START }, { now: START, resetResend: true });

describe("a signed-in person under another writer's lock", () => {
  it("reads her account at once, still signed in, though her session was due for its refresh", async () => {
    const client = await signedInAs(t, () => t.app, "lucie@exemple-zs.fr", "Lucie");
    const file = String((await t.db.$client.execute("pragma database_list")).rows[0]?.file);
    t.setNow(new Date(START.getTime() + SESSION_ACTIVITY_CHECK_MS + 60_000));
    const lock = await holdWriteLock(file, DATABASE_WRITE_BUDGET_MS * 2);
    const started = performance.now();
    const session = await client.get("/api/auth/session");
    const account = await client.get("/api/account/addresses");
    const elapsed = performance.now() - started;
    await lock.released;
    expect(session.status).toBe(200);
    expect((session.body as { user: { email: string } | null }).user?.email).toBe("lucie@exemple-zs.fr");
    expect(account.status).toBe(200);
    // Not the write budget's 2 s: nothing waited for the lock.
    expect(elapsed).toBeLessThan(DATABASE_WRITE_BUDGET_MS / 2);
  });

  it("the account sign-up, deferred after its 202, waits out a lock longer than a request's budget: the account is stored and its e-mail sent", async () => {
    const file = String((await t.db.$client.execute("pragma database_list")).rows[0]?.file);
    const lock = await holdWriteLock(file, DATABASE_WRITE_BUDGET_MS + 1500);
    await signUp(t.deps(), { email: "paul@exemple-zs.fr", firstName: "Paul", lastName: null });
    await lock.released;
    expect(t.logs.filter((entry) => entry.message === "sign-up failed")).toEqual([]);
    expect(await findUserByEmail(t.db, "paul@exemple-zs.fr")).toMatchObject({ email: "paul@exemple-zs.fr", emailVerifiedAtMs: null });
    expect(t.resend.emails.filter((email) => email.to.includes("paul@exemple-zs.fr"))).toHaveLength(1);
  });
});
