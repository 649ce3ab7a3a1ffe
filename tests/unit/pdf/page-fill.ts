// How full a PDF's pages are, from the layout the renderer reports (renderReportPdfWithLayout):
// no address's last page holds just a few lines, and no page ends half empty unless what came
// next could not fit in what it had left.
import { expect } from "vitest";
import type { LayoutStats } from "../../../src/server/pdf/layout.ts";

/** Share of a page's content height a last page holds at least, unless its run is a single page. */
export const LAST_PAGE_MIN_SHARE = 0.2;

export function expectWellFilledPages(layout: LayoutStats, name: string): void {
  const { pages, contentHeight } = layout;
  const share = (height: number) => Math.round((100 * height) / contentHeight);
  pages.forEach((page, index) => {
    const label = `${name}, page ${index + 1} of ${pages.length} (${share(page.usedHeight)} % full, ended by ${JSON.stringify(page.end)})`;
    const previous = pages[index - 1];
    // An address's last page: the document's, or the one before the page the next address starts.
    const endsRun = page.end.kind === "end" || page.end.kind === "forced";
    const runHasEarlierPage = previous !== undefined && previous.end.kind !== "forced";
    if (endsRun) {
      if (runHasEarlierPage) expect(page.usedHeight, label).toBeGreaterThanOrEqual(LAST_PAGE_MIN_SHARE * contentHeight);
      return;
    }
    if (page.usedHeight >= contentHeight / 2) return;
    // Less than half full: only when the next block was taller than what the page had left.
    expect(page.end.kind, label).toBe("overflow");
    if (page.end.kind === "overflow") expect(page.end.neededHeight, label).toBeGreaterThan(page.end.leftHeight);
  });
}
