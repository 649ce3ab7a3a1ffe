// What the report's cards need to know of a refresh (see refresh.ts), given by the #analyse island:
// the cards and the network chooser read it here, so the layout between them (ReportView, the
// section cards) does not carry it. Absent (the account page's chooser): no such controls.
import { createContext, useContext } from "react";
import type { SectionKey } from "./refresh.ts";

export interface ReportRefresh {
  /** the sections whose source failed in the report on screen */
  failed: readonly SectionKey[];
  /** the « Réessayer » in flight, or the one that failed again */
  retry: { section: SectionKey; status: "busy" | "failed" } | null;
  onRetry(section: SectionKey): void;
  /** why the last change of network could not be loaded; null when it did (or none was asked) */
  networkFailure: "connection" | "service" | null;
}

export const ReportRefreshContext = createContext<ReportRefresh | null>(null);

export function useReportRefresh(): ReportRefresh | null {
  return useContext(ReportRefreshContext);
}
