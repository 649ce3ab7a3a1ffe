// The commune history as the domain reads it (INSEE's Code officiel géographique): the data is
// shipped and indexed by src/sources/cog/history.ts, which implements this interface.

export interface CommuneHistory {
  /** the communes a commune of today was formed from, its own code first; undefined when it was formed from none */
  partsOf(code: string): readonly string[] | undefined;
  /** Paris (75056), Lyon (69123), Marseille (13055) → their arrondissements */
  arrondissementsOf(code: string): readonly string[] | undefined;
  /** the municipality an arrondissement belongs to */
  municipalityOf(code: string): string | undefined;
  /** the code's name today (a commune or an arrondissement) */
  nameOf(code: string): string | undefined;
  /** the name of the former commune of that code (35004 « Antrain » inside « Val-Couesnon »), else its name today */
  formerNameOf(code: string): string | undefined;
}
