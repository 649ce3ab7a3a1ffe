// `npm run alerts:run`: the daily alert run, once, now, against DATABASE_URL (the local file by
// default): the whole queued pipeline over the in-process queue (src/server/alerts/run.ts).
// Prints the summary.
import { runAlerts } from "../src/server/alerts/run.ts";
import { ConfigError } from "../src/server/config.ts";
import { createNodeRuntime } from "../workers/node.ts";

try {
  const { deps, database } = await createNodeRuntime({ env: process.env });
  const summary = await runAlerts(deps);
  database.close();
  console.log(
    [
      `Vérification des alertes terminée en ${(summary.durationMs / 1000).toFixed(1)} s :`,
      `  ${summary.subjectsChecked} adresses vérifiées dans ${summary.communes} communes (${summary.upstreamCalls} appels aux sources officielles)`,
      `  appels par source : ${
        Object.entries(summary.upstreamCallsBySource)
          .map(([name, calls]) => `${name} ${calls}`)
          .join(", ") || "aucun"
      }`,
      `  ${summary.batches} lots de communes, ${summary.sendPages} pages d'envoi${summary.messagesDeadLettered > 0 ? `, ${summary.messagesDeadLettered} lots en échec définitif (revérifiés au prochain passage)` : ""}`,
      `  ${summary.alertsDetected} alertes détectées, ${summary.eventsSent} envoyées dans ${summary.sent} emails, ${summary.failed} emails en échec`,
    ].join("\n"),
  );
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error);
  process.exit(1);
}
