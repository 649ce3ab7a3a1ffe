// The alert sign-up in the browser: what is caught before sending, where each refusal of the real
// server is shown, the address a report's link carries, and the partner page's resize script.
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { buildEmbedCode, EMBED_RESIZE_SCRIPT } from "../../../src/islands/alerts/WidgetBuilder.tsx";
import {
  describeKeptSignUpRetry,
  describeUnsent,
  findEmailProblem,
  outcomeOfFailure,
  toPickedAddress,
  type SignUpOutcome,
} from "../../../src/islands/alerts/pending-signup.ts";
import { ApiError } from "../../../src/islands/lib/api.ts";
import { pickedAddressOfReport, readReportRequest, toReportParams } from "../../../src/islands/report/report-request.ts";
import { MAIN_SCENARIO } from "../../fixtures/scenarios.ts";
import { BrowserClient } from "../../helpers/browser-client.ts";
import { useTestApp } from "../../helpers/test-app.ts";

const t = useTestApp({ now: new Date("2026-11-22T10:00:00Z") });

/** The outcome the island gets for this body, from the real route (as requestJson reads it). */
async function outcomeOf(body: Record<string, unknown>): Promise<SignUpOutcome> {
  const response = await new BrowserClient(() => t.app).post("/api/subscriptions", body);
  if (response.status < 300) return { kind: "accepted", confirmationSent: response.body.confirmationSent === true };
  return outcomeOfFailure(new ApiError(String(response.body.error), response.status, String(response.body.code)));
}

describe("the e-mail address, checked before sending", () => {
  it.each([
    ["", /Indiquez votre adresse e-mail/],
    ["   ", /Indiquez votre adresse e-mail/],
    ["jean.dupont@gmail", /n'est pas valide/],
    ["jean.dupont", /n'est pas valide/],
    ["jean dupont@gmail.com", /n'est pas valide/],
    ["@gmail.com", /n'est pas valide/],
    [`${"a".repeat(250)}@gmail.com`, /trop longue/],
  ])("« %s » is refused with a French message", (email, message) => {
    expect(findEmailProblem(email)).toMatch(message);
  });

  it.each(["jean.dupont@gmail.com", " Jean.Dupont+alertes@orange.fr ", "marie@mairie-maraussan.fr"])("« %s » goes to the server", (email) => {
    expect(findEmailProblem(email)).toBeNull();
  });
});

describe("the server's refusals, each under the field it concerns", () => {
  it("an e-mail the server refuses goes under the e-mail field", async () => {
    // Past the browser's check, caught by the server's.
    expect(findEmailProblem("jean..dupont@gmail.com")).toBeNull();
    expect(await outcomeOf({ email: "jean..dupont@gmail.com", address: MAIN_SCENARIO, consent: true })).toEqual({
      kind: "refused",
      field: "email",
      message: expect.stringMatching(/adresse e-?mail n'est pas valide/) as unknown as string,
    });
  });

  it.each([
    ["outside France", { ...MAIN_SCENARIO, latitude: 40.71, longitude: -74.0 }],
    ["unknown to the BAN", { ...MAIN_SCENARIO, label: "1 rue Imaginaire 99999 Nullepart" }],
    ["with an invalid commune code", { ...MAIN_SCENARIO, citycode: "ABCDE" }],
  ])("an address %s goes under the address field", async (_case, address) => {
    const outcome = await outcomeOf({ email: "adresse@exemple-zs.fr", address, consent: true });
    expect(outcome).toMatchObject({ kind: "refused", field: "address" });
  });

  it("too many requests for one e-mail: one message under the form", async () => {
    let outcome: SignUpOutcome | undefined;
    for (let attempt = 0; attempt < 7 && outcome?.kind !== "refused"; attempt++) {
      outcome = await outcomeOf({ email: "limite@exemple-zs.fr", address: MAIN_SCENARIO, consent: true });
    }
    expect(outcome).toMatchObject({ kind: "refused", field: "form", message: expect.stringMatching(/^Trop de/) as unknown as string });
  });

  it("no answer or a server failure is not a refusal: the sign-up may be kept and sent later", () => {
    expect(outcomeOfFailure(new ApiError("Impossible de joindre le service.", 0))).toEqual({ kind: "unsent", reason: "unreachable", kept: false });
    expect(outcomeOfFailure(new ApiError("Le service de recherche d'adresses ne répond pas.", 503, "geocoder_unavailable"))).toEqual({
      kind: "unsent",
      reason: "server",
      kept: false,
    });
    expect(outcomeOfFailure(new TypeError("boom"))).toMatchObject({ kind: "unsent" });
  });

  it("no e-mail can leave now (decision 090): the server's words are shown, the sign-up may be kept, and nobody is thanked", async () => {
    // A day of its own: the sign-ups above counted in this database's windows.
    t.setNow(new Date("2026-11-29T10:00:00Z"));
    const app = t.rebuild({ EMAIL_GLOBAL_PER_MINUTE: "1" });
    try {
      expect(
        (await new BrowserClient(() => app).post("/api/subscriptions", { email: "premier@exemple-zs.fr", address: MAIN_SCENARIO, consent: true })).status,
      ).toBe(202);
      const response = await new BrowserClient(() => app).post("/api/subscriptions", { email: "second@exemple-zs.fr", address: MAIN_SCENARIO, consent: true });
      const outcome = outcomeOfFailure(new ApiError(String(response.body.error), response.status, String(response.body.code)));
      const busy = "Nous ne pouvons pas envoyer d'e-mail pour le moment. Réessayez dans quelques minutes.";
      expect(outcome).toEqual({ kind: "unsent", reason: "busy", message: busy, kept: false });
      const text = describeUnsent({ kind: "unsent", reason: "busy", message: busy, kept: true });
      expect(text).toBe(
        `${busy} Votre demande est gardée dans ce navigateur et sera envoyée automatiquement à votre prochaine visite de cette page. Vous pouvez aussi réessayer.`,
      );
      expect(text).not.toMatch(/merci|Vérifiez vos e-mails/i);
    } finally {
      t.setNow(new Date("2026-11-22T10:00:00Z"));
      t.rebuild();
    }
  });

  it("says plainly where an unsent sign-up is, and never thanks for it", () => {
    const kept = describeUnsent({ kind: "unsent", reason: "unreachable", kept: true });
    expect(kept).toBe(
      "Nous n'avons pas pu joindre Zone Santé. Votre demande est gardée dans ce navigateur et sera envoyée automatiquement à votre prochaine visite de cette page. Vous pouvez aussi réessayer.",
    );
    expect(describeUnsent({ kind: "unsent", reason: "server", kept: false })).toMatch(/n'a pas pu être gardée dans ce navigateur\u00a0: réessayez/);
    for (const text of [kept, describeKeptSignUpRetry({ kind: "refused", field: "form", message: "Trop de requêtes." })]) {
      expect(text).not.toMatch(/merci/i);
    }
    expect(describeKeptSignUpRetry({ kind: "accepted", confirmationSent: true })).toMatch(/vient d'être envoyée\. Ouvrez l'e-mail de confirmation/);
  });
});

describe("the address of a report's link (/inscription?lat=…&label=…)", () => {
  const request = {
    lat: MAIN_SCENARIO.latitude,
    lon: MAIN_SCENARIO.longitude,
    citycode: MAIN_SCENARIO.citycode,
    label: MAIN_SCENARIO.label,
    postcode: MAIN_SCENARIO.postcode,
    city: MAIN_SCENARIO.city,
    udi: "080000826",
  };

  it("reads back as the address a sign-up sends, and the server accepts it", async () => {
    const address = pickedAddressOfReport(readReportRequest(`?${toReportParams(request)}`)!);
    expect(address).toEqual({ ...MAIN_SCENARIO });
    expect(await outcomeOf({ email: "depuis-le-rapport@exemple-zs.fr", address, consent: true })).toEqual({ kind: "accepted", confirmationSent: true });
  });

  it("without a usable label, no address is chosen in advance", () => {
    expect(pickedAddressOfReport({ ...request, label: "" })).toBeNull();
    expect(pickedAddressOfReport({ ...request, postcode: undefined, city: undefined })).toMatchObject({ postcode: "", city: "" });
  });

  it("a suggestion is sent without the geocoder's context, type and score", () => {
    expect(toPickedAddress({ ...MAIN_SCENARIO, context: "80, Somme", type: "housenumber", score: 0.96 } as typeof MAIN_SCENARIO)).toEqual({ ...MAIN_SCENARIO });
  });
});

describe("the partner page's resize script", () => {
  const ZONE_SANTE = "https://zone-sante.example";

  function partnerPage(frames: { src: string; marked: boolean }[]) {
    let onMessage: ((event: { data: unknown; source: unknown; origin: string }) => void) | undefined;
    const iframes = frames.map((frame) => ({ ...frame, contentWindow: {}, style: { height: "420px" } }));
    const page = {
      window: { addEventListener: (type: string, listener: typeof onMessage) => type === "message" && (onMessage = listener) },
      document: {
        querySelectorAll(selector: string) {
          // The partner page may hold other frames: only those the snippet marked are ours.
          expect(selector).toBe("iframe[data-zone-sante]");
          return iframes.filter((frame) => frame.marked);
        },
      },
      location: { href: "https://mairie.example/alertes" },
      URL,
      Math,
    };
    runInNewContext(EMBED_RESIZE_SCRIPT, page);
    return {
      iframes,
      post: (from: (typeof iframes)[number], origin: string, data: unknown) => onMessage?.({ data, source: from.contentWindow, origin }),
    };
  }

  it("is the script of the generated code, and the generated frame is marked for it", () => {
    const code = buildEmbedCode(ZONE_SANTE, "0B5E55");
    expect(code).toContain(`<script>\n${EMBED_RESIZE_SCRIPT}\n</script>`);
    expect(code).toMatch(/^<iframe data-zone-sante src="https:\/\/zone-sante\.example\/inscription\/cadre\?accent=0B5E55"/);
  });

  it("sets our frame to the height it posts, smaller as well as larger", () => {
    const { iframes, post } = partnerPage([{ src: `${ZONE_SANTE}/inscription/cadre?accent=0B5E55`, marked: true }]);
    post(iframes[0]!, ZONE_SANTE, { type: "zone-sante:height", height: 612.4 });
    expect(iframes[0]!.style.height).toBe("613px");
    post(iframes[0]!, ZONE_SANTE, { type: "zone-sante:height", height: 301 });
    expect(iframes[0]!.style.height).toBe("301px");
  });

  it("ignores other frames, other origins and other messages", () => {
    const { iframes, post } = partnerPage([
      { src: `${ZONE_SANTE}/inscription/cadre`, marked: true },
      { src: "https://video.example/embed/1", marked: false },
    ]);
    const [ours, theirs] = [iframes[0]!, iframes[1]!];
    post(theirs, "https://video.example", { type: "zone-sante:height", height: 2000 });
    post(ours, "https://video.example", { type: "zone-sante:height", height: 2000 });
    post(ours, ZONE_SANTE, { type: "zone-sante:height", height: "2000px; display:none" });
    post(ours, ZONE_SANTE, { type: "autre", height: 2000 });
    post(ours, ZONE_SANTE, null);
    expect(iframes.map((frame) => frame.style.height)).toEqual(["420px", "420px"]);
  });
});
