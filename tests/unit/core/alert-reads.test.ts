// Which sources a batch reads or judges for a commune (src/core/alerts/reads.ts), as a table:
// the snapshot of the day, whether the commune has a water digest, and its subjects' states.
import { describe, expect, it } from "vitest";
import { decideCommuneReads, type CommuneSnapshotFacts, type CommuneReads, type SubjectFacts } from "../../../src/core/alerts/index.ts";
import type { AlertSource } from "../../../src/sections/rules.ts";

const ALL: AlertSource[] = ["water", "drought", "air", "bathing"];
const fresh = (sources: AlertSource[] = ALL): SubjectFacts => ({ sources, judged: new Set() });
const judged = (sources: AlertSource[] = ALL, states: AlertSource[] = sources): SubjectFacts => ({ sources, judged: new Set(states) });
const snap = (facts: Partial<CommuneSnapshotFacts> = {}): CommuneSnapshotFacts => ({ water: "unchanged", droughtChanged: false, droughtNone: false, ...facts });

const cases: Array<{ name: string; snapshot: CommuneSnapshotFacts | null; hasDigest: boolean; subjects: SubjectFacts[]; expected: CommuneReads }> = [
  {
    name: "no snapshot (admin run, older callers): every wanted source is read per commune",
    snapshot: null,
    hasDigest: false,
    subjects: [judged()],
    expected: { subjects: [{ water: true, drought: true }], readWater: true, drought: "read", readAir: true },
  },
  {
    name: "no snapshot, nobody watches air or drought",
    snapshot: null,
    hasDigest: true,
    subjects: [judged(["water", "bathing"])],
    expected: { subjects: [{ water: true, drought: false }], readWater: true, drought: "none", readAir: false },
  },
  {
    name: "a steady day: nothing new, every subject judged before — no read at all",
    snapshot: snap(),
    hasDigest: true,
    subjects: [judged(), judged()],
    expected: {
      subjects: [
        { water: false, drought: false },
        { water: false, drought: false },
      ],
      readWater: false,
      drought: "none",
      readAir: false,
    },
  },
  {
    name: "water news in the digest: every subject judged from it, no per-commune read",
    snapshot: snap({ water: "digest" }),
    hasDigest: true,
    subjects: [judged(), judged(["water"])],
    expected: {
      subjects: [
        { water: true, drought: false },
        { water: true, drought: false },
      ],
      readWater: false,
      drought: "none",
      readAir: false,
    },
  },
  {
    name: "the snapshot says read the commune's water per commune",
    snapshot: snap({ water: "read" }),
    hasDigest: true,
    subjects: [judged()],
    expected: { subjects: [{ water: true, drought: false }], readWater: true, drought: "none", readAir: false },
  },
  {
    name: "water news but no digest yet: read per commune (which seeds it)",
    snapshot: snap({ water: "digest" }),
    hasDigest: false,
    subjects: [judged()],
    expected: { subjects: [{ water: true, drought: false }], readWater: true, drought: "none", readAir: false },
  },
  {
    name: "nothing new, a new subject: its first water judgement from the digest, its first drought from the budget",
    snapshot: snap(),
    hasDigest: true,
    subjects: [judged(), fresh()],
    expected: {
      subjects: [
        { water: false, drought: false },
        { water: true, drought: true },
      ],
      readWater: false,
      drought: "first-read",
      readAir: false,
    },
  },
  {
    name: "nothing new, a new subject, no digest: its water is read per commune",
    snapshot: snap(),
    hasDigest: false,
    subjects: [fresh(["water"])],
    expected: { subjects: [{ water: true, drought: false }], readWater: true, drought: "none", readAir: false },
  },
  {
    name: "the département's zones changed: drought read for every subject that watches it",
    snapshot: snap({ droughtChanged: true }),
    hasDigest: true,
    subjects: [judged(), fresh(["drought"]), judged(["water"])],
    expected: {
      subjects: [
        { water: false, drought: true },
        { water: false, drought: true },
        { water: false, drought: false },
      ],
      readWater: false,
      drought: "read",
      readAir: false,
    },
  },
  {
    name: "zones changed but no subject of the commune has a drought state yet: first judgements, from the budget",
    snapshot: snap({ droughtChanged: true }),
    hasDigest: true,
    subjects: [fresh(["drought"])],
    expected: { subjects: [{ water: false, drought: true }], readWater: false, drought: "first-read", readAir: false },
  },
  {
    name: "no zone in force in the département: drought judged free, even when changed",
    snapshot: snap({ droughtChanged: true, droughtNone: true }),
    hasDigest: true,
    subjects: [judged(), fresh()],
    expected: {
      subjects: [
        { water: false, drought: true },
        { water: true, drought: true },
      ],
      readWater: false,
      drought: "free",
      readAir: false,
    },
  },
  {
    name: "a subject that turned drought off is never judged for it, even without a state",
    snapshot: snap({ droughtChanged: true }),
    hasDigest: true,
    subjects: [fresh(["water", "air"])],
    expected: { subjects: [{ water: true, drought: false }], readWater: false, drought: "none", readAir: false },
  },
];

describe("decideCommuneReads", () => {
  it.each(cases)("$name", ({ snapshot, hasDigest, subjects, expected }) => {
    expect(decideCommuneReads({ snapshot, hasDigest, subjects })).toEqual(expected);
  });
});
