// The document of a section that also has a richer card of its own (the water's table and charts):
// its common pieces as blocks, for every channel that draws documents only.
import { standardBlocks, type Block, type Fact, type SectionDocument, type SectionPresentation } from "./document.ts";

export function documentOf<Rich extends SectionPresentation>(
  rich: Rich,
  summary: string,
  more: { facts?: readonly Fact[]; notes?: readonly string[] } = {},
): SectionDocument & { rich: Rich } {
  const blocks: Block[] = standardBlocks({ dateLine: rich.dateLine, message: rich.message, facts: more.facts, notes: more.notes });
  return {
    key: rich.key,
    anchor: rich.anchor,
    title: rich.title,
    headline: rich.headline,
    summary,
    blocks,
    source: rich.source,
    attribution: rich.attribution,
    rich,
  };
}
