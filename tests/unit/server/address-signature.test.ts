// A signed address (decision 055) is taken as is by the report, its PDF, the account and the
// sign-up: the signature must hold the six fields it names, and only with our secret.
import { describe, expect, it } from "vitest";
import { hasValidSignature, signAddress } from "../../../src/server/services/geocoded-address.ts";
import { CRISIS_SCENARIO, MAIN_SCENARIO } from "../../fixtures/scenarios.ts";

const SECRET = "a-test-secret-of-at-least-32-characters!";

describe("address signatures", () => {
  it("a signature is 128 bits in base64url: short enough for a link, and the same for the same address", () => {
    const signed = signAddress(SECRET, MAIN_SCENARIO);
    expect(signed.signature).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(signAddress(SECRET, { ...MAIN_SCENARIO }).signature).toBe(signed.signature);
    expect(hasValidSignature(SECRET, signed)).toBe(true);
  });

  it("keeps only the six fields of an address: a suggestion's context, type and score are neither signed nor kept", () => {
    const suggestion = { ...MAIN_SCENARIO, context: "80, Somme, Hauts-de-France", type: "housenumber", score: 0.96 };
    expect(Object.keys(signAddress(SECRET, suggestion)).sort()).toEqual(["city", "citycode", "label", "latitude", "longitude", "postcode", "signature"]);
    expect(signAddress(SECRET, suggestion).signature).toBe(signAddress(SECRET, MAIN_SCENARIO).signature);
  });

  it.each([
    ["the label", { label: "8 Boulevard du Port 80000 Amiens – EAU NON POTABLE : appelez le 08 99" }],
    ["the city", { city: "EAU NON POTABLE" }],
    ["the postcode", { postcode: "34370" }],
    ["the commune", { citycode: CRISIS_SCENARIO.citycode }],
    ["the point", { latitude: CRISIS_SCENARIO.latitude }],
    ["the point, by a metre", { longitude: 2.29521 }],
  ])("a signature no longer holds once %s changes", (_what, change) => {
    const { signature } = signAddress(SECRET, MAIN_SCENARIO);
    expect(hasValidSignature(SECRET, { ...MAIN_SCENARIO, ...change, signature })).toBe(false);
  });

  it("only our secret signs: another key's signature, a truncated one or none is no signature", () => {
    const { signature } = signAddress("another-secret-of-at-least-32-characters", MAIN_SCENARIO);
    expect(hasValidSignature(SECRET, { ...MAIN_SCENARIO, signature })).toBe(false);
    expect(hasValidSignature(SECRET, { ...MAIN_SCENARIO, signature: signAddress(SECRET, MAIN_SCENARIO).signature.slice(0, 21) })).toBe(false);
    expect(hasValidSignature(SECRET, { ...MAIN_SCENARIO, signature: "" })).toBe(false);
    expect(hasValidSignature(SECRET, MAIN_SCENARIO)).toBe(false);
  });

  it("survives the trip through a URL: coordinates written by String() and read by Number() sign the same", () => {
    const signed = signAddress(SECRET, CRISIS_SCENARIO);
    const query = new URLSearchParams({ lat: String(signed.latitude), lon: String(signed.longitude) });
    const back = { ...signed, latitude: Number(query.get("lat")), longitude: Number(query.get("lon")) };
    expect(hasValidSignature(SECRET, back)).toBe(true);
  });
});
