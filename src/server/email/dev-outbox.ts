// /dev/mails: the local outbox of the Node runtime without a Resend key, served only with
// DEV_OUTBOX=on on a loopback HOST and a loopback SITE_URL (config.ts), never in production, and
// only to a request whose Host is one of the server's names (allowed-hosts.ts: DNS rebinding).
import { Hono } from "hono";
import { formatDateFr } from "../../core/shared/format.ts";
import type { Database } from "../db/index.ts";
import { escapeHtml } from "./layout.ts";
import { findOutboxMail, listOutbox } from "../db/repositories/dev-outbox.ts";

export function createDevOutboxRoutes(db: Database) {
  return new Hono()
    .get("/", async (c) => {
      const mails = await listOutbox(db);
      const rows = mails
        .map(
          (mail) =>
            `<li><a href="/dev/mails/${escapeHtml(mail.id)}">${escapeHtml(mail.subject)}</a> — ${escapeHtml(mail.toAddress)} — ${escapeHtml(
              formatDateFr(new Date(mail.createdAtMs).toISOString()),
            )} ${new Date(mail.createdAtMs).toISOString().slice(11, 19)} UTC</li>`,
        )
        .join("");
      c.header("Cache-Control", "no-store");
      return c.html(
        `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Boîte d'envoi locale – Zone Santé</title></head><body style="font-family:system-ui;max-width:50rem;margin:2rem auto;padding:0 1rem"><h1>Boîte d'envoi locale</h1><p>Sans clé Resend, les e-mails ne partent pas : ils sont gardés ici (développement uniquement).</p>${
          rows ? `<ol>${rows}</ol>` : "<p>Aucun e-mail pour le moment.</p>"
        }</body></html>`,
      );
    })
    .get("/:id", async (c) => {
      const mail = await findOutboxMail(db, c.req.param("id"));
      if (!mail) return c.text("Email introuvable.", 404);
      c.header("Cache-Control", "no-store");
      if (c.req.query("format") === "text") return c.text(mail.text);
      return c.html(mail.html);
    });
}
