// The drinking-water statements belong to the water section (src/sections/water/drinking.ts); the
// advice and the alert diff (src/core/alerts/diff.ts) read them through this module.
export * from "../../sections/water/drinking.ts";
