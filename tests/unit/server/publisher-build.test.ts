// A production build refuses to publish a legal notice without its publisher (issue 23, « Publisher »).
// Loi n° 2004-575 du 21 juin 2004 (LCEN): the persons who publish an online public communication
// service make available to the public « s'il s'agit de personnes morales, leur dénomination ou leur
// raison sociale et leur siège social », and « le nom du directeur ou du codirecteur de la publication ».
import { describe, expect, it } from "vitest";
import { missingPublisherSettings, publisherBuildRefusal } from "../../../src/site.ts";

const PUBLISHER = {
  LEGAL_PUBLISHER_NAME: "Association Zone Santé",
  LEGAL_PUBLISHER_ADDRESS: "1 rue de la Paix, 75002 Paris",
  LEGAL_PUBLICATION_DIRECTOR: "Marie Dupont",
};

describe("publisher settings at build time", () => {
  it("a production build refuses to build without the LEGAL_* publisher variables, naming each missing one", () => {
    const refusal = publisherBuildRefusal({ LEGAL_PUBLISHER_NAME: "Association Zone Santé", LEGAL_PUBLISHER_ADDRESS: "  " }, { production: true });
    expect(refusal).toContain("Build de production refusé");
    expect(refusal).toContain("LEGAL_PUBLISHER_ADDRESS, LEGAL_PUBLICATION_DIRECTOR");
    expect(refusal).not.toContain("LEGAL_PUBLISHER_NAME");
    expect(publisherBuildRefusal({}, { production: true })).toContain("LEGAL_PUBLISHER_NAME, LEGAL_PUBLISHER_ADDRESS, LEGAL_PUBLICATION_DIRECTOR");
  });

  it("a production build with the publisher's identity goes on", () => {
    expect(publisherBuildRefusal(PUBLISHER, { production: true })).toBeNull();
    expect(missingPublisherSettings(PUBLISHER)).toEqual([]);
  });

  it("a development, test or CI build keeps the « À compléter par l'éditeur » placeholder and builds", () => {
    expect(publisherBuildRefusal({}, { production: false })).toBeNull();
  });
});
