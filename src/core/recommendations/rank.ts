// The one ranking rule of the advice, and so of « À retenir » (decision 084), for the selector
// (select.ts) and for every channel's presentation of a report, cached ones included. A leaf: the
// page's island imports it without the advice's words. Pure.
import type { Recommendation } from "../types.ts";

export type AdviceBasis = NonNullable<Recommendation["basis"]>;

/** What the rule reads of an advice. */
export type Ranked = Pick<Recommendation, "severity" | "vulnerable"> & { basis?: AdviceBasis | undefined };

const SEVERITY_ORDER: Record<Recommendation["severity"], number> = { critical: 0, warning: 1, info: 2, success: 3 };
const BASIS_ORDER: Record<AdviceBasis, number> = { unread: 0, reading: 1, estimate: 2 };

/**
 * Severity first, strictly (« Important », then « Précaution », then information); at equal
 * severity an official source that could not be read where the stakes are high (the tap water:
 * nobody can say today whether it may be drunk), then an official reading, then a model's
 * estimate — which never says « Important », so that tap water unread outranks every estimate;
 * then advice for vulnerable people. Ties keep their order (the cards'): sort with a stable sort.
 */
export function compareAdvice(a: Ranked, b: Ranked): number {
  return (
    SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
    BASIS_ORDER[a.basis ?? "reading"] - BASIS_ORDER[b.basis ?? "reading"] ||
    Number(b.vulnerable) - Number(a.vulnerable)
  );
}

/** Whether an advice may be « À retenir »: not good news, and not one whose words say nothing changes. */
export const isPromotable = (advice: Pick<Recommendation, "severity"> & { calm?: boolean | undefined }): boolean =>
  advice.severity !== "success" && advice.calm !== true;
