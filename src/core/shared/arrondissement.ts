// The arrondissements of Paris, Lyon and Marseille, by their INSEE codes.

/**
 * The BAN gives the arrondissement code in Paris (75101…75120), Lyon (69381…69389) and
 * Marseille (13201…13216); several sources key on the commune (75056, 69123, 13055).
 */
export function toCommuneCode(citycode: string): string {
  const code = citycode.trim().toUpperCase();
  if (/^751(0[1-9]|1\d|20)$/.test(code)) return "75056";
  if (/^6938[1-9]$/.test(code)) return "69123";
  if (/^132(0[1-9]|1[0-6])$/.test(code)) return "13055";
  return code;
}

export function isArrondissementCode(citycode: string): boolean {
  return toCommuneCode(citycode) !== citycode.trim().toUpperCase();
}
