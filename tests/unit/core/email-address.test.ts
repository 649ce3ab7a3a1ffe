// Issue 23 (typos): « `jean.dupont@gmial.com` is accepted with no « Vouliez-vous dire gmail.com ? » ».
// The sign-up forms suggest the common French mailbox domain a typed one is close to (edit
// distance ≤ 2), and never « correct » a domain that is itself known or real.
import { describe, expect, it } from "vitest";
import { isReservedMailDomain, suggestEmailCorrection } from "../../../src/core/shared/email-address.ts";

describe("a mistyped mailbox domain gets a suggested correction (never a refusal)", () => {
  it.each([
    ["jean.dupont@gmial.com", "jean.dupont@gmail.com"],
    ["jean.dupont@gmal.com", "jean.dupont@gmail.com"],
    ["jean.dupont@gmai.com", "jean.dupont@gmail.com"],
    ["jean.dupont@gnail.com", "jean.dupont@gmail.com"],
    ["jean.dupont@gmail.con", "jean.dupont@gmail.com"],
    ["jean.dupont@gmail.cm", "jean.dupont@gmail.com"],
    ["jean.dupont@gmial.con", "jean.dupont@gmail.com"],
    ["Jean.Dupont@GMIAL.COM", "Jean.Dupont@gmail.com"],
    [" jean.dupont@gmial.com ", "jean.dupont@gmail.com"],
    ["marie@hotmial.fr", "marie@hotmail.fr"],
    ["marie@hotmal.fr", "marie@hotmail.fr"],
    ["marie@hotmial.com", "marie@hotmail.com"],
    ["marie@hotmal.com", "marie@hotmail.com"],
    ["marie@outlok.fr", "marie@outlook.fr"],
    ["marie@outlok.com", "marie@outlook.com"],
    ["paul@yaho.fr", "paul@yahoo.fr"],
    ["paul@yahooo.fr", "paul@yahoo.fr"],
    ["paul@orange.f", "paul@orange.fr"],
    ["paul@ornage.fr", "paul@orange.fr"],
    ["paul@wanado.fr", "paul@wanadoo.fr"],
    ["paul@wanadoo.f", "paul@wanadoo.fr"],
    ["paul@fre.fr", "paul@free.fr"],
    ["paul@lapost.net", "paul@laposte.net"],
    ["paul@laposte.nte", "paul@laposte.net"],
    ["paul@srf.fr", "paul@sfr.fr"],
    ["paul@exemple.con", "paul@exemple.com"],
  ])("%s → %s", (typed, suggested) => {
    expect(suggestEmailCorrection(typed)).toBe(suggested);
  });

  it.each([
    "jean.dupont@gmail.com",
    "marie@hotmail.fr",
    "marie@hotmail.com",
    "paul@orange.fr",
    "paul@wanadoo.fr",
    "paul@free.fr",
    "paul@laposte.net",
    "paul@sfr.fr",
    // real domains close to a known one: not typos
    "paul@mail.com",
    "paul@ymail.com",
    "paul@gmx.fr",
    "paul@yahoo.es",
    "paul@hotmail.de",
    "agent@laposte.fr",
    "contact@orange.com",
    // far from every known domain
    "agent@ars.sante.fr",
    "mairie@maraussan.fr",
    // not an address yet
    "",
    "jean.dupont",
    "jean.dupont@",
    "jean.dupont@gmial",
    "@gmial.com",
  ])("%s gets no suggestion (known, real, far from a known domain, or not an address yet)", (typed) => {
    expect(suggestEmailCorrection(typed)).toBeNull();
  });
});

// Issue 39: addresses that can never receive mail (RFC 2606, 6761, 6762, 7686) are refused at entry.
describe("a reserved domain can never receive mail", () => {
  it.each([
    "robot@domaine.invalid",
    "robot@sous.domaine.test",
    "robot@exemple.example",
    "robot@machine.localhost",
    "robot@imprimante.local",
    "robot@cache.onion",
    "robot@example.com",
    "robot@EXAMPLE.ORG",
    "robot@mail.example.net",
    "robot@example.org.",
    " robot@domaine.INVALID ",
  ])("%s is reserved", (email) => {
    expect(isReservedMailDomain(email)).toBe(true);
  });

  it.each([
    "jeanne@gmail.com",
    "jeanne@exemple.fr",
    "jeanne@exemple-zs.fr",
    "jeanne@example.fr",
    "jeanne@myexample.com",
    "jeanne@test.fr",
    "jeanne@local.fr",
    "jeanne@invalid.com",
    "pas-une-adresse",
  ])("%s is not", (email) => {
    expect(isReservedMailDomain(email)).toBe(false);
  });
});
