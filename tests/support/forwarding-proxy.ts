import { createServer, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** An ordinary reverse proxy of a test: it forwards every request to `target` and appends the client's address to X-Forwarded-For, as nginx's `$proxy_add_x_forwarded_for` does. */
export interface ForwardingProxy {
  /** `http://127.0.0.1:{port}` of the proxy. */
  readonly origin: string;
  close(): Promise<void>;
}

/** Starts a ForwardingProxy on a free port of 127.0.0.1 in front of `target` (an origin such as `http://127.0.0.1:3120`). */
export const startForwardingProxy = async (target: string): Promise<ForwardingProxy> => {
  const upstream = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const forwardedFor = [incoming.headers["x-forwarded-for"], incoming.socket.remoteAddress].filter(Boolean).join(", ");
    const headers: IncomingHttpHeaders = { ...incoming.headers, "x-forwarded-for": forwardedFor, "x-forwarded-proto": "http" };
    const proxied = httpRequest({ host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    proxied.on("error", () => outgoing.writeHead(502).end());
    incoming.pipe(proxied);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** A client's answer: status and headers. */
export interface ClientAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/**
 * A request (default GET) of `url` from the local address `localAddress` (any 127.x.y.z on Linux: a client of its own
 * on loopback), with `headers` as the client writes them (a forged X-Forwarded-For, say), on a fresh connection.
 */
export const requestFrom = (localAddress: string, url: string, headers: Record<string, string> = {}, init: { readonly method?: string; readonly body?: string } = {}): Promise<ClientAnswer> =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const options = { host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: init.method ?? "GET", localAddress, headers, agent: false };
    const sent = httpRequest(options, (answer) => {
      let body = "";
      answer.setEncoding("utf8");
      answer.on("data", (chunk: string) => void (body += chunk));
      answer.on("end", () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body }));
    });
    sent.on("error", reject);
    sent.end(init.body);
  });
