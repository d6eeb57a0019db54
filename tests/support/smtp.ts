// A real SMTP server for tests (smtp-server), listening on a free local port. Every email the
// service hands it is parsed (mailparser) and kept, so a test reads what a reader's mail program
// would: the headers, the text, the links.

import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'

function rawHeaders(mail: ParsedMail): Map<string, string> {
  return new Map(mail.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim()]))
}
import { SMTPServer } from 'smtp-server'

export interface ReceivedEmail {
  to: string[]
  subject: string
  text: string
  /** The HTML part, when the email has one. */
  html: string | null
  /** Each header's raw value by its name in lower case (unfolded), as a mail program reads it. */
  headers: Map<string, string>
  /** Every http(s) address in the text. */
  links: string[]
}

export interface TestSmtp {
  url: string
  received: ReceivedEmail[]
  /** Waits until `count` emails have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedEmail[]>
  close(): Promise<void>
}

export interface TestSmtpOptions {
  /** Refuse every recipient with 550. */
  refuse?: boolean
  /** The SMTP code to refuse a recipient with (a 4xx now, a 5xx for good), or null to take it. */
  refuseRecipient?: (address: string) => number | null
  /** Held before each email is accepted: a test opens it when it is ready for the sender to go on. */
  gate?: () => Promise<void>
}

export async function startTestSmtp(options: TestSmtpOptions = {}): Promise<TestSmtp> {
  const received: ReceivedEmail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = options.refuse ? 550 : (options.refuseRecipient?.(address.address) ?? null)
      if (code !== null) callback(Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Mailbox busy, try again later'), { responseCode: code }))
      else callback()
    },
    onData(stream, _session, callback) {
      Promise.resolve(options.gate?.())
        .then(() => simpleParser(stream))
        .then((mail) => {
          const text = mail.text ?? ''
          const to = [mail.to ?? []].flat().flatMap((group) => group.value.map((entry) => entry.address ?? ''))
          received.push({ to, subject: mail.subject ?? '', text, html: typeof mail.html === 'string' ? mail.html : null, headers: rawHeaders(mail), links: text.match(/https?:\/\/\S+/g) ?? [] })
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(count, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`Expected ${count} emails, received ${received.length}`)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      return received
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
