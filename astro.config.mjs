// @ts-check
import react from "@astrojs/react";
import { defineConfig } from "astro/config";
import { builtHeaders } from "./scripts/build-headers.ts";

// Every page is prerendered: the same static build is served by the Node entry and by the
// Worker's static assets. Interactivity lives in React islands that call /api.
export default defineConfig({
  site: process.env.SITE_URL ?? "http://127.0.0.1:4321",
  output: "static",
  trailingSlash: "ignore",
  build: { format: "directory" },
  // builtHeaders: dist/_headers with the sha256 of the inline scripts (one definition of page headers)
  integrations: [react(), builtHeaders()],
  server: { host: "127.0.0.1", port: 4321 },
  devToolbar: { enabled: false },
  // Straight apostrophes everywhere, as in the islands and the e-mails: no curly ones in articles only.
  markdown: { smartypants: false },
  vite: {
    build: {
      // React, its JSX runtime and the bundler's runtime in one chunk: every page with an island
      // loads all three (nothing more for any page), in one request and one compression window
      // (~900 B less gzip per page; issue 23: the home page's JavaScript must not grow).
      rolldownOptions: {
        output: {
          advancedChunks: {
            groups: [{ name: "react", test: /node_modules[\\/](?:react|react-dom|scheduler|@astrojs[\\/]react)[\\/]|rolldown[\\/]runtime/ }],
          },
        },
      },
    },
    server: {
      // `npm run dev`: the Node API runs beside Astro's dev server.
      proxy: { "/api": `http://127.0.0.1:${process.env.API_PORT ?? "4322"}` },
    },
  },
});
