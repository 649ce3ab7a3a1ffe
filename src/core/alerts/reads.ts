// Which sources a batch of the alert run reads or judges for one commune (decisions 048, 049),
// from what the day's snapshots say about the commune and which subjects already have a state.
// Pure: the batch (src/server/alerts/process.ts) does the reads and takes the budget.

/** How the day's bulk reads left a commune's water: judge it from its digest, read it per commune, or nothing new. */
export type WaterPath = "digest" | "read" | "unchanged";

/** What the day's snapshots say about one commune (null: no snapshot, e.g. the admin panel's run). */
export interface CommuneSnapshotFacts {
  water: WaterPath;
  /** VigiEau's zones of the département changed, or no usable snapshot */
  droughtChanged: boolean;
  /** VigiEau has no zone in force in the département today */
  droughtNone: boolean;
}

export interface SubjectFacts {
  /** the sources the subject is watched for (topic keys) */
  sources: readonly string[];
  /** the sources the subject already has a stored state for (judged at least once) */
  judged: ReadonlySet<string>;
}

/**
 * Drought for the commune: `none` — no subject needs it; `free` — the département has no zone in
 * force, judged without a call; `read` — a change (or no snapshot), always read; `first-read` —
 * only first judgements, read if the day's budget of first reads allows it.
 */
export type DroughtRead = "none" | "free" | "read" | "first-read";

export interface CommuneReads {
  /** per subject, in the order given: judge its water, its drought */
  subjects: Array<{ water: boolean; drought: boolean }>;
  /** read the commune's water per commune (else from its digest, when a subject wants it) */
  readWater: boolean;
  drought: DroughtRead;
  /** read the commune's air per commune (without a snapshot only: the bulk read gives it otherwise) */
  readAir: boolean;
}

export function decideCommuneReads(input: { snapshot: CommuneSnapshotFacts | null; hasDigest: boolean; subjects: readonly SubjectFacts[] }): CommuneReads {
  const { snapshot } = input;
  // An unchanged source is neither read nor judged, except for a subject that never had it
  // judged (no state yet): it needs its first judgement.
  const wants = (subject: SubjectFacts, source: "water" | "drought") =>
    subject.sources.includes(source) &&
    (!snapshot || (source === "water" ? snapshot.water !== "unchanged" : snapshot.droughtChanged) || !subject.judged.has(source));
  const subjects = input.subjects.map((subject) => ({ water: wants(subject, "water"), drought: wants(subject, "drought") }));
  const wantsWater = subjects.some((subject) => subject.water);
  const droughtWanted = input.subjects.filter((_, index) => subjects[index]?.drought);
  // Drought: a département without zones is judged from its snapshot, free. Otherwise a change
  // is always read; a first judgement only (no subject of the commune has a drought state yet)
  // takes one read from the day's budget, so that a first run in a drought season does not
  // hold every batch behind VigiEau's ~0,3 calls/s: the rest get theirs on the next runs.
  const drought: DroughtRead =
    droughtWanted.length === 0
      ? "none"
      : snapshot?.droughtNone === true
        ? "free"
        : !snapshot || droughtWanted.some((subject) => subject.judged.has("drought"))
          ? "read"
          : "first-read";
  return {
    subjects,
    // Water from the commune's digest when the run has one for it (decision 049); read per
    // commune when the snapshot says so, or when there is no digest yet.
    readWater: wantsWater && (!snapshot || snapshot.water === "read" || !input.hasDigest),
    drought,
    readAir: !snapshot && input.subjects.some((subject) => subject.sources.includes("air")),
  };
}
