// Reports for an account's monitored addresses: the « latest report » email the person asks
// for, and the account PDF. Built with the same report service as the public page.
import { todayInParis } from "../../core/shared/time.ts";
import type { PickedAddress, Report } from "../../core/types.ts";
import { readPickedAddress, type MonitoredAddressRow, type UserRow } from "../db/schema/index.ts";
import type { AppDeps } from "../deps.ts";
import { renderLatestReportEmail } from "../email/templates.ts";
import { signAddress } from "./geocoded-address.ts";
import { buildReport } from "./report.ts";

type Deps = Pick<AppDeps, "sources" | "cache" | "mailer" | "config" | "appSecret" | "clock" | "log">;

/**
 * The report page of a stored address (read from the BAN when it was stored), signed so that the
 * page names it as stored with no new look-up (decision 055) — in the order the page writes it.
 */
export function reportPageUrl(deps: Pick<AppDeps, "config" | "appSecret">, address: PickedAddress, udiCode?: string | null): string {
  const signed = signAddress(deps.appSecret, address);
  const query = new URLSearchParams({
    lat: String(signed.latitude),
    lon: String(signed.longitude),
    citycode: signed.citycode,
    label: signed.label,
  });
  if (signed.postcode) query.set("postcode", signed.postcode);
  if (signed.city) query.set("city", signed.city);
  query.set("signature", signed.signature);
  if (udiCode) query.set("udi", udiCode);
  return `${deps.config.SITE_URL}/?${query}#analyse`;
}

export async function buildAddressReports(deps: Deps, addresses: readonly MonitoredAddressRow[]): Promise<Report[]> {
  const now = deps.clock();
  return Promise.all(
    addresses.map((address) =>
      buildReport(deps, {
        address: readPickedAddress(address),
        udiCode: address.udiCode ?? undefined,
        now,
      }),
    ),
  );
}

/**
 * Emails the current report of every monitored address, under the name the person gave it — only
 * when asked (saving preferences sends nothing).
 */
export async function sendLatestReport(deps: Deps, user: UserRow, addresses: readonly MonitoredAddressRow[]): Promise<"sent" | "failed" | "capped"> {
  // Reports come back in the order of the addresses: the index pairs each with its row.
  const reports = await buildAddressReports(deps, addresses);
  const email = renderLatestReportEmail({
    firstName: user.firstName,
    reports,
    accountUrl: `${deps.config.SITE_URL}/compte`,
    reportUrlFor: (report, index) => reportPageUrl(deps, report.address, addresses[index]?.udiCode),
    nicknameFor: (_report, index) => addresses[index]?.label ?? null,
  });
  const result = await deps.mailer.send({ to: user.email, ...email });
  if (result.ok) return "sent";
  if (result.capped) return "capped";
  deps.log({ level: "error", message: "latest report email failed", fields: { error: result.error } });
  return "failed";
}

export function pdfFileName(now: Date): string {
  return `bilan-zone-sante-${todayInParis(now)}.pdf`;
}
