// Reports for an account's monitored addresses: the « latest report » email the person asks
// for, and the account PDF. Built with the same report service as the public page.
import { todayInParis } from "../../core/shared/time.ts";
import type { PickedAddress, Report } from "../../core/types.ts";
import { readPickedAddress, type MonitoredAddressRow, type UserRow } from "../db/schema/index.ts";
import type { AppDeps } from "../deps.ts";
import { renderLatestReportEmail } from "../email/templates.ts";
import { buildReport } from "./report.ts";

type Deps = Pick<AppDeps, "sources" | "cache" | "mailer" | "config" | "clock" | "log">;

export function reportPageUrl(siteUrl: string, address: PickedAddress, udiCode?: string | null): string {
  const query = new URLSearchParams({
    lat: String(address.latitude),
    lon: String(address.longitude),
    citycode: address.citycode,
    label: address.label,
  });
  if (address.postcode) query.set("postcode", address.postcode);
  if (address.city) query.set("city", address.city);
  if (udiCode) query.set("udi", udiCode);
  return `${siteUrl}/?${query}#analyse`;
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
    reportUrlFor: (report, index) => reportPageUrl(deps.config.SITE_URL, report.address, addresses[index]?.udiCode),
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
