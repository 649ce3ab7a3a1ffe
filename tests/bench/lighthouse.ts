// Lighthouse (mobile profile, the default) in Debian's Chromium: the four category scores of a page.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../helpers/chromium.ts";

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

export async function runLighthouse(urls: string[]): Promise<Map<string, LighthouseScores>> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
  });
  const scores = new Map<string, LighthouseScores>();
  try {
    for (const url of urls) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      const categories = result?.lhr.categories;
      const score = (id: string) => Math.round((categories?.[id]?.score ?? 0) * 100);
      scores.set(url, { performance: score("performance"), accessibility: score("accessibility"), bestPractices: score("best-practices"), seo: score("seo") });
    }
  } finally {
    chrome.kill();
  }
  return scores;
}
