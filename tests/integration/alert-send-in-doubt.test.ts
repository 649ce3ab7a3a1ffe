// Decision 076: an alert e-mail call whose outcome is unknown (the run killed between Resend
// accepting the call and the run marking its events sent, or a queue message redelivered) is sent
// again exactly as it was, under the same Resend idempotency key, so Resend sends it once. Issue
// 28: « A run whose process is gone is detected (a heartbeat) and resumed or re-run the same day »
// and the re-run sends « every e-mail once ». Before, the re-run rebuilt its calls from what was
// pending: anything that moved the hundred-recipient boundaries (a new event, others' outcomes)
// changed the key and Resend sent the call's e-mails a second time.
import { eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { batchByCommune } from "../../src/server/alerts/plan.ts";
import { processAlertBatch } from "../../src/server/alerts/process.ts";
import { sendPendingAlerts, sendPendingAlertsPage } from "../../src/server/alerts/send.ts";
import { planAlertSubjects } from "../../src/server/alerts/subjects.ts";
import { subscriptionRecipientKey } from "../../src/server/db/alert-keys.ts";
import { toAddressColumnValues } from "../../src/server/db/schema/address-columns.ts";
import { alertEvents, alertSubscriptions } from "../../src/server/db/schema/index.ts";
import type { Mailer } from "../../src/server/email/mailer.ts";
import { CRISIS_SCENARIO } from "../fixtures/scenarios.ts";
import { useTestApp } from "../helpers/test-app.ts";
import { confirmedSignUpRow } from "../helpers/sign-ups.ts";

const NOW = new Date("2026-11-22T16:00:00Z"); // 17:00 in Paris
const t = useTestApp({ now: NOW }, { now: NOW });

describe("an alert e-mail call in doubt is repeated as it was", () => {
  it("a run killed after Resend accepted a call, then a new event for one of its recipients: the same day's re-run sends each e-mail once", async () => {
    const signedUpMs = NOW.getTime() - 86_400_000;
    const ids = ["doubt1", "doubt2", "doubt3", "doubt4", "doubt5", "doubt6"];
    await t.db
      .insert(alertSubscriptions)
      .values(ids.map((id) => confirmedSignUpRow({ id, atMs: signedUpMs, address: toAddressColumnValues(CRISIS_SCENARIO) })));
    // Detection: each sign-up has the non-compliant tap water to hear about.
    const deps = t.deps();
    for (const batch of batchByCommune(await planAlertSubjects(deps.db))) {
      await processAlertBatch(deps, batch, {
        gates: { hubeau: async () => {}, vigieau: async () => {}, atmo: async () => {}, baignades: async () => {} },
        concurrency: 2,
      });
    }
    expect(await t.db.select().from(alertEvents)).toHaveLength(6);
    t.resend.reset();

    // The first page (3 recipients): Resend accepts the call, then the process dies before marking it.
    const killedAfterTheCall: Mailer = {
      ...deps.mailer,
      sendBatch: async (messages, options) => {
        await deps.mailer.sendBatch(messages, options);
        throw new Error("killed");
      },
    };
    await expect(sendPendingAlertsPage({ ...deps, mailer: killedAfterTheCall }, { afterRecipient: null, recipientsPerPage: 3 })).rejects.toThrow("killed");
    expect(t.resend.emails).toHaveLength(3);
    expect(t.resend.emails.map((email) => email.to[0]).sort()).toEqual(["doubt1@exemple-zs.fr", "doubt2@exemple-zs.fr", "doubt3@exemple-zs.fr"]);

    // Meanwhile a new event for one of them (the re-run's own detection, a new publication).
    const [known] = await t.db
      .select()
      .from(alertEvents)
      .where(eq(alertEvents.recipientKey, subscriptionRecipientKey("doubt1")));
    await t.db
      .insert(alertEvents)
      .values({ ...known!, id: "newer", eventKey: `${known!.eventKey}-newer`, detectedAtMs: known!.detectedAtMs + 1, sendKey: null });

    // The same day's re-run: the call in doubt again, as it was (Resend answers it without sending), then the rest.
    const outcome = await sendPendingAlerts(t.deps(), { recipientsPerPage: 3 });
    expect(outcome.failed).toBe(0);
    const perRecipient = new Map<string, number>();
    for (const email of t.resend.emails) for (const to of email.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    // Every sign-up got the day's e-mail once; the one with a newer event got that one too, on its own.
    expect(Object.fromEntries(perRecipient)).toEqual(Object.fromEntries(ids.map((id) => [`${id}@exemple-zs.fr`, id === "doubt1" ? 2 : 1])));
    expect(t.resend.emails).toHaveLength(7);
    expect(await t.db.select().from(alertEvents).where(isNull(alertEvents.sentAtMs))).toHaveLength(0);
    // The newer event went in an e-mail of its own, not in a repeat of the first call.
    const toDoubt1 = t.resend.emails.filter((email) => email.to.includes("doubt1@exemple-zs.fr"));
    expect(new Set(toDoubt1.map((email) => email.idempotencyKey)).size).toBe(2);
  });
});
