import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { errorBody } from "./api-error.ts";

/** The status, code and message of a refusal Node's HTTP parser makes before any route runs. */
const refusalOf = (error: NodeJS.ErrnoException): readonly [number, string, string] => {
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") return [408, "request.timeout", "The request did not arrive in time."];
  if (error.code === "HPE_HEADER_OVERFLOW") return [431, "request.headers.too.large", "The request headers are too large."];
  return [400, "request.invalid", "Malformed HTTP request."];
};

/**
 * Answers what Node's HTTP parser refuses (malformed, headers too large, too slow) in the `{error:{code,message}}`
 * envelope, then closes the connection.
 */
export const clientErrorAnswer = (error: NodeJS.ErrnoException, socket: Duplex): void => {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, code, message] = refusalOf(error);
  const body = JSON.stringify(errorBody(code, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
};
