import { EventEmitter, once } from "node:events";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import type { MailTransport, OutgoingMail } from "../../server/mail/mail.port.ts";

/** A MailTransport that keeps what it sends (`sent`), and fails every send while `down` is set (an SMTP server away). */
export const recordingTransport = () => {
  const sent: OutgoingMail[] = [];
  const state = { down: false, closed: false };
  const transport: MailTransport = {
    send: async (mail) => {
      if (state.down) throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:25"), { code: "ECONNECTION" });
      sent.push(mail);
    },
    close: () => void (state.closed = true),
  };
  return { transport, sent, state };
};

/** A message an SMTP test server accepted (answered 250 to its DATA): its Message-ID header, recipients and raw source. */
export interface AcceptedMail {
  readonly messageId: string;
  readonly to: ReadonlyArray<string>;
  readonly raw: string;
}

/**
 * A test SMTP server on 127.0.0.1 that accepts every message, or with `stall` holds each until `release()`; `stop()`
 * closes it.
 */
export const smtpTestServer = async (port = 0) => {
  const accepted: AcceptedMail[] = [];
  const held: Array<() => void> = [];
  const closedSessions = new Set<string>();
  const state = { stall: false };
  const events = new EventEmitter();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const messageId = /^message-id:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? "";
        const to = session.envelope.rcptTo.map((r) => r.address);
        const finish = () => {
          if (closedSessions.has(session.id)) return callback(new Error("client gone"));
          accepted.push({ messageId, to, raw });
          events.emit("accepted");
          callback();
        };
        if (state.stall) {
          held.push(finish);
          events.emit("stalled");
        } else finish();
      });
    },
    onClose(session) {
      closedSessions.add(session.id);
      events.emit("closed", session.id);
    },
  });
  server.listen(port, "127.0.0.1");
  await once(server.server, "listening");
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    accepted,
    state,
    /** Resolves when a message is held (stall) or accepted, whichever `event` names. */
    next: (event: "stalled" | "accepted" | "closed") => once(events, event),
    /** Answers the held messages (each accepted unless its client left). */
    release: () => {
      for (const finish of held.splice(0)) finish();
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
