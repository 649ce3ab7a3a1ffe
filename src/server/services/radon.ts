import { evaluateRadon, radonCategoryOf } from "../../core/radon/evaluate.ts";
import { unavailableRadon } from "../../core/radon/source.ts";
import type { RadonSection } from "../../core/types.ts";
import type { AppDeps } from "../deps.ts";
import { describeError } from "../logger.ts";
import { readShippedRadonDataset } from "#radon-dataset";
import { radonLookup, type RadonLookup } from "../../sources/radon/dataset.ts";

let lookup: Promise<RadonLookup> | undefined;
/**
 * The classification, loaded on first use and kept for the process or isolate: no network on Node
 * (an import), one static-asset fetch on the Worker (`#radon-dataset`, decision 072). A failed
 * read is not kept: the next report tries again.
 */
export function loadRadonLookup(): Promise<RadonLookup> {
  lookup ??= readShippedRadonDataset()
    .then(radonLookup)
    .catch((error: unknown) => {
      lookup = undefined;
      throw error;
    });
  return lookup;
}

/** The radon section of an address's commune; unavailable (and logged, without the address) if the data cannot be read. */
export async function buildRadonSection(deps: Pick<AppDeps, "log">, input: { citycode: string; communeName: string }): Promise<RadonSection> {
  try {
    const found = radonCategoryOf(await loadRadonLookup(), input.citycode);
    return evaluateRadon({ category: found?.category ?? null, communeCode: found?.code ?? input.citycode, communeName: input.communeName });
  } catch (error) {
    deps.log({ level: "error", message: "radon data set unreadable", fields: describeError(error) });
    return unavailableRadon("Le classement officiel du potentiel radon n'a pas pu être lu.");
  }
}
