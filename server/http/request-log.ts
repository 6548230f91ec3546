import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

/**
 * Fastify's request log as one line per answered request (method, redacted URL, status, response time), as an access
 * log writes it.
 */
export class OneLinePerRequest extends LogController {
  /** Nothing when the request arrives: its line is written when it is answered. */
  override incomingRequest(): void {}

  /** The request's one line: request, status and response time (ms); at error level with the error when answering it failed. */
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    // The URL as it arrived: a route that hands the request on (the identity provider) may have rewritten it since.
    const req = { method: request.method, url: request.originalUrl };
    if (error) reply.log.error({ req, res: reply, err: error, responseTime: reply.elapsedTime }, "request errored");
    else reply.log.info({ req, res: reply, responseTime: reply.elapsedTime }, "request completed");
  }
}
