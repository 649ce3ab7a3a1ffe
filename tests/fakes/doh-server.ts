// A fake DNS-over-HTTPS resolver (the JSON API of cloudflare-dns.com and dns.google) on
// 127.0.0.1, for the sign-ups' mail-domain check (MX_CHECK_URL, decision 090). It answers the
// zone it is given; any other name is NXDOMAIN. It can be told to fail: HTTP 500, SERVFAIL, or an
// answer slower than the check waits.
import { listenLocally } from "./listen.ts";

export interface FakeZone {
  MX?: string[];
  A?: string[];
  AAAA?: string[];
}

export type DohMode = "ok" | "error500" | "servfail" | "slow";

export interface FakeDoh {
  baseUrl: string;
  /** what was asked: the name and type of each query, and the Accept header it carried */
  readonly requests: Array<{ name: string; type: string; accept: string }>;
  setMode(mode: DohMode): void;
  close(): Promise<void>;
}

const TYPE_NUMBERS = { A: 1, MX: 15, AAAA: 28 } as const;
/** How long a « slow » answer waits: longer than the check's whole budget (1,5 s), so it gives up first. */
const SLOW_MS = 5000;

export async function startFakeDoh(zone: Record<string, FakeZone>): Promise<FakeDoh> {
  const requests: FakeDoh["requests"] = [];
  let mode: DohMode = "ok";
  const server = await listenLocally(
    async (request, response) => {
      const url = new URL(request.url ?? "/", "http://doh.local");
      const name = (url.searchParams.get("name") ?? "").toLowerCase().replace(/\.$/, "");
      const type = (url.searchParams.get("type") ?? "A").toUpperCase();
      requests.push({ name, type, accept: String(request.headers.accept ?? "") });
      if (mode === "slow") await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
      if (mode === "error500") {
        response.writeHead(500).end();
        return;
      }
      const records = zone[name];
      const status = mode === "servfail" ? 2 : records ? 0 : 3;
      const typeNumber = TYPE_NUMBERS[type as keyof typeof TYPE_NUMBERS] ?? 0;
      const data = status === 0 ? (records?.[type as keyof FakeZone] ?? []) : [];
      const body = {
        Status: status,
        TC: false,
        RD: true,
        RA: true,
        Question: [{ name: `${name}.`, type: typeNumber }],
        ...(data.length > 0 ? { Answer: data.map((value) => ({ name: `${name}.`, type: typeNumber, TTL: 300, data: value })) } : {}),
      };
      response.writeHead(200, { "content-type": "application/dns-json" }).end(JSON.stringify(body));
    },
    (response) => response.writeHead(500).end(),
  );
  return {
    ...server,
    requests,
    setMode(next) {
      mode = next;
    },
  };
}
