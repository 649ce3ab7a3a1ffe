// The watched country of the national benches (tests/bench/national.ts on Node, tests/bench/isolate.ts
// inside workerd): sign-ups and accounts' addresses spread over the communes by a Zipf law, seeded
// straight into a libSQL database.
import { findNearestSites } from "../../src/sections/bathing/nearest.ts";
import { POLLEN_TAXA } from "../../src/sections/pollen/scale.ts";
import type { PollenTaxon } from "../../src/sections/pollen/types.ts";
import type { Database } from "../../src/server/db/index.ts";
import { alertPreferences, alertSubscriptions, monitoredAddresses, users } from "../../src/server/db/schema/index.ts";
import { BATHING_DATASET } from "../../src/sources/baignades/data.ts";

/** One watched address in ten belongs to an account (two addresses per account), the rest are sign-ups. */
const ACCOUNT_ADDRESS_EVERY = 10;
const ADDRESSES_PER_ACCOUNT = 2;
/** One account in four has turned bathing emails off. */
const BATHING_OFF_EVERY = 4;
/**
 * One account in ten has pollen alerts on (decision 073: opt-in, with its taxa), one in ten
 * weather warnings, half of them both: the run then reads the indice pollen and the vigilance map.
 */
const POLLEN_ON_EVERY = 10;
const WEATHER_ON_EVERY = 20;
const WEATHER_ON_SLOTS: readonly number[] = [3, 8];
/** The taxa those accounts chose, in turn (the agencies' order, as the settings page stores them). */
const POLLEN_CHOICES: ReadonlyArray<readonly PollenTaxon[]> = [
  ["graminees"],
  ["bouleau", "graminees"],
  ["ambroisie"],
  ["aulne", "bouleau", "graminees", "armoise"],
  POLLEN_TAXA.map(({ taxon }) => taxon),
].map((chosen) => POLLEN_TAXA.map(({ taxon }) => taxon).filter((taxon) => chosen.includes(taxon)));
/** Unconfirmed sign-ups on top of the watched addresses (never checked, never emailed). */
const UNCONFIRMED_SHARE = 0.02;

function hashOf(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 16777619);
  return hash >>> 0;
}

/**
 * Addresses per commune: one everywhere, the rest by a Zipf law (rank r gets 1/r) over communes
 * ranked in a hashed order, so that a few big towns hold thousands and land in different batches.
 */
function spreadAddresses(communes: readonly string[], addresses: number): Map<string, number> {
  const counts = new Map<string, number>();
  if (addresses <= communes.length) {
    const step = communes.length / addresses;
    for (let index = 0; index < addresses; index += 1) counts.set(communes[Math.floor(index * step)]!, 1);
    return counts;
  }
  const ranked = [...communes].sort((a, b) => hashOf(a) - hashOf(b) || a.localeCompare(b));
  const harmonic = ranked.reduce((sum, _code, index) => sum + 1 / (index + 1), 0);
  const extra = addresses - communes.length;
  let given = 0;
  ranked.forEach((code, index) => {
    const share = Math.floor(extra / (index + 1) / harmonic);
    counts.set(code, 1 + share);
    given += share;
  });
  for (let index = 0; given < extra; index += 1, given += 1) {
    const code = ranked[index % ranked.length]!;
    counts.set(code, counts.get(code)! + 1);
  }
  return counts;
}

export interface SeedFigures {
  communes: number;
  signUps: number;
  accountAddresses: number;
  accounts: number;
  /** accounts with pollen alerts on (taxa chosen) / weather warnings on (issue 26, opt-in) */
  pollenAccounts: number;
  weatherAccounts: number;
  unconfirmed: number;
  largestCommune: number;
  seedMs: number;
  /** bathing sites within 20 km of a watched address (at most 3 per address) */
  sitesNearSubscribers: number;
}

/** Multi-row inserts, many per transaction (a libSQL batch is one transaction). */
export async function seedSubscribers(db: Database, communes: readonly string[], addresses: number, nowMs: number): Promise<SeedFigures> {
  const started = performance.now();
  const perCommune = spreadAddresses(communes, addresses);
  const rowsPerInsert = 500;
  const insertsPerTransaction = 20;
  const figures: SeedFigures = {
    communes: communes.length,
    signUps: 0,
    accountAddresses: 0,
    accounts: 0,
    pollenAccounts: 0,
    weatherAccounts: 0,
    unconfirmed: 0,
    largestCommune: 0,
    seedMs: 0,
    sitesNearSubscribers: 0,
  };
  const nearSites = new Set<string>();
  let subscriptionRows: Array<typeof alertSubscriptions.$inferInsert> = [];
  let addressRows: Array<typeof monitoredAddresses.$inferInsert> = [];
  let userRows: Array<typeof users.$inferInsert> = [];
  let preferenceRows: Array<typeof alertPreferences.$inferInsert> = [];

  const flush = async (force: boolean) => {
    const limit = force ? 1 : rowsPerInsert * insertsPerTransaction;
    if (subscriptionRows.length < limit && addressRows.length < limit && userRows.length < limit) return;
    const statements = [];
    // Users before their addresses and preferences (foreign keys), in the same transaction.
    for (let start = 0; start < userRows.length; start += rowsPerInsert) statements.push(db.insert(users).values(userRows.slice(start, start + rowsPerInsert)));
    for (let start = 0; start < preferenceRows.length; start += rowsPerInsert)
      statements.push(db.insert(alertPreferences).values(preferenceRows.slice(start, start + rowsPerInsert)));
    for (let start = 0; start < addressRows.length; start += rowsPerInsert)
      statements.push(db.insert(monitoredAddresses).values(addressRows.slice(start, start + rowsPerInsert)));
    for (let start = 0; start < subscriptionRows.length; start += rowsPerInsert)
      statements.push(db.insert(alertSubscriptions).values(subscriptionRows.slice(start, start + rowsPerInsert)));
    const [first, ...rest] = statements;
    if (first) await db.batch([first, ...rest]);
    subscriptionRows = [];
    addressRows = [];
    userRows = [];
    preferenceRows = [];
  };

  let watched = 0;
  let accountSlot = 0;
  for (const citycode of communes) {
    const count = perCommune.get(citycode) ?? 0;
    figures.largestCommune = Math.max(figures.largestCommune, count);
    // A commune's centre somewhere in metropolitan France, its addresses within about a kilometre.
    const hash = hashOf(citycode);
    const centre = { latitude: 42.5 + (hash % 8500) / 1000, longitude: -4.5 + ((hash >>> 8) % 12500) / 1000 };
    const department = citycode.startsWith("97") ? citycode.slice(0, 3) : citycode.slice(0, 2);
    for (let local = 0; local < count; local += 1) {
      const index = watched++;
      const address = {
        addressLabel: `${local + 1} rue du Banc d'Essai ${citycode}`,
        latitude: centre.latitude + (local % 97) / 10_000,
        longitude: centre.longitude + (local % 89) / 10_000,
        citycode,
        postcode: `${department}000`.slice(0, 5),
        city: `Commune ${citycode}`,
      };
      for (const { site } of findNearestSites(BATHING_DATASET.sites, address)) nearSites.add(site.id);
      if (index % ACCOUNT_ADDRESS_EVERY === ACCOUNT_ADDRESS_EVERY - 1) {
        const accountIndex = Math.floor(accountSlot++ / ADDRESSES_PER_ACCOUNT);
        const userId = `compte${accountIndex}`;
        if (accountSlot % ADDRESSES_PER_ACCOUNT === 1) {
          userRows.push({
            id: userId,
            email: `compte${accountIndex}@exemple-zs.fr`,
            firstName: "Camille",
            emailVerifiedAtMs: nowMs,
            createdAtMs: nowMs,
            updatedAtMs: nowMs,
          });
          if (accountIndex % BATHING_OFF_EVERY === 0) preferenceRows.push({ userId, sourceType: "bathing", emailEnabled: false, updatedAtMs: nowMs });
          if (accountIndex % POLLEN_ON_EVERY === 3) {
            const taxa = POLLEN_CHOICES[Math.floor(accountIndex / POLLEN_ON_EVERY) % POLLEN_CHOICES.length]!;
            preferenceRows.push({ userId, sourceType: "pollen", emailEnabled: true, taxaJson: JSON.stringify(taxa), updatedAtMs: nowMs });
            figures.pollenAccounts += 1;
          }
          if (WEATHER_ON_SLOTS.includes(accountIndex % WEATHER_ON_EVERY)) {
            preferenceRows.push({ userId, sourceType: "weather", emailEnabled: true, updatedAtMs: nowMs });
            figures.weatherAccounts += 1;
          }
          figures.accounts += 1;
        }
        addressRows.push({ id: `adresse${index}`, userId, label: "Domicile", ...address, udiCode: null, createdAtMs: nowMs });
        figures.accountAddresses += 1;
      } else {
        subscriptionRows.push({
          id: `inscription${index}`,
          email: `abonne${index}@exemple-zs.fr`,
          ...address,
          partnerOrigin: null,
          consentAtMs: nowMs,
          confirmationSentAtMs: nowMs,
          confirmedAtMs: nowMs,
          createdAtMs: nowMs,
        });
        figures.signUps += 1;
      }
      if (index % Math.round(1 / UNCONFIRMED_SHARE) === 0) {
        // Waiting for the double opt-in (its confirmation already sent): not watched.
        subscriptionRows.push({
          id: `attente${index}`,
          email: `attente${index}@exemple-zs.fr`,
          ...address,
          partnerOrigin: null,
          consentAtMs: nowMs,
          confirmationSentAtMs: nowMs,
          confirmedAtMs: null,
          createdAtMs: nowMs,
        });
        figures.unconfirmed += 1;
      }
    }
    // Never split an account's rows from its user row: flush between communes only when the
    // account in progress is complete.
    if (accountSlot % ADDRESSES_PER_ACCOUNT === 0) await flush(false);
  }
  await flush(true);
  figures.seedMs = performance.now() - started;
  figures.sitesNearSubscribers = nearSites.size;
  return figures;
}
