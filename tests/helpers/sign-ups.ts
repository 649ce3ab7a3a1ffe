// A confirmed alert sign-up row, as the confirmation click leaves it: the tests and benches that
// need subscribers whose alerts fire write them directly (one home for the row's shape).
import { type AddressColumnValues } from "../../src/server/db/schema/address-columns.ts";
import type { alertSubscriptions } from "../../src/server/db/schema/index.ts";

/** Consent, link sent and click all at `atMs`; the e-mail `<id>@exemple-zs.fr` unless given. */
export function confirmedSignUpRow(input: { id: string; email?: string; atMs: number; address: AddressColumnValues }): typeof alertSubscriptions.$inferInsert {
  return {
    id: input.id,
    email: input.email ?? `${input.id}@exemple-zs.fr`,
    ...input.address,
    partnerOrigin: null,
    consentAtMs: input.atMs,
    confirmationSentAtMs: input.atMs,
    confirmedAtMs: input.atMs,
    createdAtMs: input.atMs,
  };
}
