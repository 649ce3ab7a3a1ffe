import { describe, expect, it } from "vitest";
import { listInFrench, nameTopics, topicNameInSentence } from "../../../src/core/alerts/topic-names.ts";
import { ALERT_TOPIC_NAMES, ALERT_TOPICS } from "../../../src/sections/rules.ts";

describe("alert topics named in a sentence", () => {
  it.each([
    ["Qualité de l'air", "qualité de l'air"],
    ["Eaux de baignade", "eaux de baignade"],
    ["Vigilance météo", "vigilance météo"],
    ["Écume", "écume"],
    ["UV", "UV"],
    ["PFAS et nitrates", "PFAS et nitrates"],
  ])("« %s » → « %s »", (label, named) => {
    expect(topicNameInSentence(label)).toBe(named);
  });

  it("joins a list the French way, without a comma before « et »", () => {
    expect(listInFrench([])).toBe("");
    expect(listInFrench(["a"])).toBe("a");
    expect(listInFrench(["a", "b"])).toBe("a et b");
    expect(listInFrench(["a", "b", "c"])).toBe("a, b et c");
  });

  it("names every topic of the registry, those of a sign-up without account, and the others", () => {
    expect(nameTopics(ALERT_TOPICS)).toBe(ALERT_TOPIC_NAMES.all);
    expect(ALERT_TOPIC_NAMES.all).toBe("eau du robinet, sécheresse, qualité de l'air, eaux de baignade, pollens et vigilance météo");
    expect(ALERT_TOPIC_NAMES.signUp).toBe("eau du robinet, sécheresse, qualité de l'air et eaux de baignade");
    expect(ALERT_TOPIC_NAMES.accountOnly).toBe("pollens et vigilance météo");
  });
});
