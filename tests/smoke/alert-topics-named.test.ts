// Issue 38, item 5.4: the pollen and weather alerts were named neither on the sign-up without
// account, nor on /offre, nor under the home page's title. Every topic of the registry is named on
// each (generated from src/sections/rules.ts), read in the built pages (dist/, after the build).
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { topicNameInSentence } from "../../src/core/alerts/topic-names.ts";
import { ALERT_TOPICS } from "../../src/sections/rules.ts";

const DIST = resolve(import.meta.dirname, "../../dist");

/** The visible text of a part of a page: tags dropped, entities read, spaces as one. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/[ \t\n]+/g, " ");
}

function part(route: string, from: RegExp, to: RegExp): string {
  const html = readFileSync(join(DIST, route === "/" ? "index.html" : `${route.slice(1)}/index.html`), "utf8");
  const start = html.search(from);
  const end = html.slice(Math.max(start, 0)).search(to);
  expect(start, `${route}: ${from}`).toBeGreaterThanOrEqual(0);
  expect(end, `${route}: ${to}`).toBeGreaterThan(0);
  return textOf(html.slice(start, start + end));
}

const PLACES = {
  "the home page's subtitle": () => part("/", /<section id="analyse"/, /<h2 class="hero__search-title"/),
  "the header of /inscription": () => part("/inscription", /<header class="page-header"/, /<\/header>/),
  "/offre": () => part("/offre", /<main/, /<\/main>/),
};

describe("every alert topic is named where the alerts are offered", () => {
  for (const [place, text] of Object.entries(PLACES)) {
    it(`on ${place}`, () => {
      const words = text();
      for (const topic of ALERT_TOPICS) expect(words, topic.key).toContain(topicNameInSentence(topic.label));
    });
  }

  it("says on /inscription and /offre which topics need an account", () => {
    expect(PLACES["the header of /inscription"]()).toContain("Les alertes pollens et vigilance météo se choisissent avec un compte gratuit.");
    const offer = PLACES["/offre"]();
    for (const topic of ALERT_TOPICS)
      expect(offer).toContain(`${topic.label}\u00a0: ${topic.description} ${topic.signUp ? "Avec ou sans compte." : "Avec un compte."}`);
  });

  it("names in the consent of the sign-up form (and of the partner frame) the topics a sign-up gets", () => {
    for (const route of ["/inscription", "/inscription/cadre"]) {
      const html = readFileSync(join(DIST, `${route.slice(1)}/index.html`), "utf8");
      // The island's props, serialised into the page by Astro.
      const props = textOf(/<astro-island[^>]*props="([^"]*)"/.exec(html)?.[1] ?? "");
      for (const topic of ALERT_TOPICS.filter((topic) => topic.signUp)) expect(props, `${route} ${topic.key}`).toContain(topicNameInSentence(topic.label));
    }
  });
});
