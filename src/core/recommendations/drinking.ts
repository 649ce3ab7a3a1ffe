// The drinking-water statements belong to the water section (src/sections/water/drinking.ts); the
// alert diff (src/core/alerts/diff.ts) reads them through this module.
export {
  ARS_RESTRICTION_FIRST,
  describeDrinkingWarning,
  DRINKING_WARNINGS,
  type DrinkingRestriction,
  type DrinkingWarning,
} from "../../sections/water/drinking.ts";
