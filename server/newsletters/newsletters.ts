// The newsletters: where an edition is composed (compose.ts, template.tsx), queued (store.ts), sent
// (sender.ts) and timed (scheduler.ts), behind one object the service, the admin's endpoints and the
// `content newsletter` command share. Every rule about what an edition may do is here; the HTTP
// layer (server/http/newsletters.ts) only reads requests and answers.

import { newsletterById, newsletterIds, type NewsletterId } from '../../shared/newsletters.ts'
import { editionLimits, type EditionPreview, type EditionView } from '../../shared/newsletterEditions.ts'
import type { EmailStatus } from '../../shared/newsroom.ts'
import { httpError } from '../errors.ts'
import type { ReaderDesk } from '../readers/desk.ts'
import { londonDay, parseTimeOfDay } from './clock.ts'
import { composeEditors, composeMorning, pickedArticles, type EditionContent, type EditionSource } from './compose.ts'
import { EditionScheduler, systemClock, type Clock } from './scheduler.ts'
import { NewsletterSender, type SenderSettings } from './sender.ts'
import { EditionStore } from './store.ts'
import { personalise, renderEdition, type RenderedEdition } from './template.tsx'

export interface NewsletterSettings extends SenderSettings {
  /** NEWSLETTER_MORNING_TIME: `HH:MM` on London's clock. */
  morningTime: string
  /** Whether this process sends the Morning Briefing on its own (the service: yes; the command: no). */
  morningSchedule: boolean
  /** NEWSLETTER_LOG_DAYS: how long after an edition finished its per-recipient delivery log is kept. */
  logDays: number
}

export interface NewsletterDeps {
  dataDir: string
  readers: ReaderDesk
  /** Where editions read the paper: the published front page, as an anonymous reader. */
  source: () => EditionSource
  settings: NewsletterSettings
  log?: (message: string) => void
  clock?: Clock
}

export type MorningOutcome = { edition: EditionView } | { skipped: string }

export interface TestSend {
  to: string
  /** 'held': kept in the Outbox, not sent (no SMTP server). */
  delivery: EmailStatus
  error: string | null
}

/** An editor's words and stories, as they arrive. */
export interface DraftInput {
  subject?: unknown
  intro?: unknown
  articleIds?: unknown
}

/** The Morning Briefing's key: one a London day, whoever makes it (the service at 07:00 or the command). */
const morningKey = (day: string) => `morning-briefing:${day}`

/** How often the service looks for delivery logs past their time. */
const retentionEveryMs = 3_600_000

/** Where the personal links of a preview or a test point: a subscriber that does not exist, so they work for nobody. */
const nobody = 'preview'

export class Newsletters {
  readonly store: EditionStore
  readonly sender: NewsletterSender
  readonly scheduler: EditionScheduler
  private readonly log: (message: string) => void
  private readonly clock: Clock
  private retention: unknown = null
  private closed = false

  constructor(private readonly deps: NewsletterDeps) {
    this.log = deps.log ?? (() => {})
    this.clock = deps.clock ?? systemClock
    const time = parseTimeOfDay(deps.settings.morningTime)
    if (!time) throw new Error(`NEWSLETTER_MORNING_TIME must be a time of day like 07:00, got "${deps.settings.morningTime}"`)
    this.store = new EditionStore(deps.dataDir, () => this.clock.now())
    const desk = deps.readers
    this.sender = new NewsletterSender(
      this.store,
      desk.store,
      { unsubscribeUrl: (id) => desk.unsubscribeUrl(id), preferencesUrl: (id) => desk.preferencesUrl(id) },
      deps.settings,
      this.log,
      () => this.clock.now(),
    )
    this.scheduler = new EditionScheduler(
      this.clock,
      time,
      {
        scheduled: () => this.store.scheduled(),
        morningMadeOn: (day) => this.store.byKey(morningKey(day)) !== null,
        runMorning: async (at) => {
          const outcome = await this.sendMorning(at)
          this.log('skipped' in outcome ? `Newsletters: no Morning Briefing today: ${outcome.skipped}` : `Newsletters: the Morning Briefing is ${outcome.edition.state === 'kept' ? 'kept, not sent (no SMTP_URL)' : 'sending'}`)
        },
        runScheduled: async (id) => {
          await this.send(id)
        },
      },
      this.log,
    )
  }

  get delivery(): 'smtp' | 'outbox' {
    return this.sender.delivery
  }

  /** NEWSLETTER_MORNING_TIME, on London's clock. */
  get morningTime(): string {
    return this.deps.settings.morningTime
  }

  /**
   * Whom an edition of each newsletter would reach if sent now: confirmed subscribers who chose it,
   * less the addresses no longer mailed (refused for good three times). The admin's Send question.
   */
  recipients(): Record<NewsletterId, number> {
    const except = this.store.suppressedKeys()
    return Object.fromEntries(newsletterIds.map((id) => [id, this.deps.readers.store.recipientCount(id, except)])) as Record<NewsletterId, number>
  }

  /** An edition's stories as readers can see them now; a picked story that is not published has `published: false`. */
  async articlesOf(id: string): Promise<Array<{ _id: string; title: string | null; url: string | null; published: boolean }>> {
    const edition = this.edition(id)
    const { articles } = await pickedArticles(this.deps.source(), edition.articleIds)
    const byId = new Map(articles.map((article) => [article.id, article]))
    return edition.articleIds.map((articleId) => {
      const article = byId.get(articleId)
      return article ? { _id: articleId, title: article.title, url: article.url, published: true } : { _id: articleId, title: null, url: null, published: false }
    })
  }

  /** Resumes what a stopped process left in the queue, and (in the service) arms the schedule. */
  start(): void {
    this.sender.start()
    if (this.deps.settings.morningSchedule) this.scheduler.start()
    this.keepRetention()
  }

  /**
   * The retention rule, run on start and every hour: the delivery log of each edition that finished
   * more than NEWSLETTER_LOG_DAYS ago (every recipient's address, status and error) is removed, and
   * the edition keeps its counts. Returns the editions whose log was removed.
   */
  removeOldLogs(): string[] {
    const removed = this.store.foldDeliveries(this.clock.now() - this.deps.settings.logDays * 86_400_000)
    if (removed.length > 0) this.log(`Newsletters: the delivery log of ${removed.length} edition(s) finished over ${this.deps.settings.logDays} days ago is removed; their counts are kept`)
    return removed
  }

  private keepRetention(): void {
    if (this.closed) return
    try {
      this.removeOldLogs()
    } catch (error) {
      // A busy database now is tried again at the next hour: nothing is lost by waiting.
      this.log(`Newsletters: old delivery logs could not be removed: ${error instanceof Error ? error.message : String(error)}`)
    }
    this.retention = this.clock.setTimeout(() => this.keepRetention(), retentionEveryMs)
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.retention !== null) this.clock.clearTimeout(this.retention)
    await this.scheduler.stop()
    await this.sender.close()
    this.store.close()
  }

  // --- Composing ---------------------------------------------------------------------------

  private async content(edition: EditionView): Promise<{ content: EditionContent; missing: string[] }> {
    if (edition.newsletter === 'morning-briefing') {
      // A Morning Briefing already made is its stories at the time: a preview of it shows the frozen message.
      const { content } = await composeMorning(this.deps.source(), Date.parse(edition.createdAt))
      return { content: { ...content, subject: edition.subject, intro: edition.intro }, missing: [] }
    }
    return composeEditors(this.deps.source(), edition)
  }

  /** An edition exactly as a subscriber gets it, with links that work for nobody. */
  async preview(id: string): Promise<EditionPreview> {
    const frozen = this.store.frozen(id)
    if (frozen) return this.forNobody(frozen)
    const edition = this.edition(id)
    return this.forNobody(await renderEdition((await this.content(edition)).content))
  }

  /** The Morning Briefing as it would be composed now. */
  async previewMorning(): Promise<EditionPreview & { empty: boolean }> {
    const { content, articleIds } = await composeMorning(this.deps.source(), this.clock.now())
    return { ...this.forNobody(await renderEdition(content)), empty: articleIds.length === 0 }
  }

  /**
   * Where a frame can load an edition's preview (or the Morning Briefing's, as `morning`) without
   * the editor's token: a path with a signed token that works for an hour (server/readers/links.ts).
   */
  previewAddress(id: string): string {
    if (id !== 'morning') this.edition(id)
    return `/newsletters/preview?token=${encodeURIComponent(this.deps.readers.links.sign('preview', id))}`
  }

  /** The preview a preview address names, rendered now; null when the token is not one, has expired, or its edition is gone. */
  async previewAt(token: unknown): Promise<EditionPreview | null> {
    const check = this.deps.readers.links.check('preview', token)
    if (!check.ok) return null
    if (check.subscriberId === 'morning') return this.previewMorning()
    if (!this.store.edition(check.subscriberId)) return null
    return this.preview(check.subscriberId)
  }

  /** Where an edition's pictures come from: the site, as the emails name it. */
  siteOrigin(): string {
    return new URL(this.deps.source().origin).origin
  }

  private forNobody(message: RenderedEdition): EditionPreview {
    const desk = this.deps.readers
    const personal = personalise(message, { unsubscribe: desk.unsubscribeUrl(nobody), preferences: desk.preferencesUrl(nobody) })
    return { subject: personal.subject, html: personal.html, text: personal.text }
  }

  // --- Editors' editions ----------------------------------------------------------------------

  edition(id: string): EditionView {
    return this.store.edition(id) ?? (() => { throw httpError(404, `No edition with id "${id.slice(0, 60)}"`) })()
  }

  private readDraft(input: DraftInput, partial: boolean): { subject?: string; intro?: string; articleIds?: string[] } {
    const fields: Record<string, string> = {}
    const out: { subject?: string; intro?: string; articleIds?: string[] } = {}
    if (input.subject !== undefined || !partial) {
      const subject = typeof input.subject === 'string' ? input.subject.trim() : ''
      if (!subject) fields.subject = 'Please write a subject line.'
      else if (subject.length > editionLimits.subject) fields.subject = `Please keep the subject under ${editionLimits.subject} characters.`
      else out.subject = subject
    }
    if (input.intro !== undefined || !partial) {
      const intro = input.intro === undefined ? '' : typeof input.intro === 'string' ? input.intro.trim() : null
      if (intro === null) fields.intro = 'The introduction must be text.'
      else if (intro.length > editionLimits.intro) fields.intro = `Please keep the introduction under ${editionLimits.intro.toLocaleString('en-GB')} characters.`
      else out.intro = intro
    }
    if (input.articleIds !== undefined || !partial) {
      const ids = input.articleIds
      if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string' && id.length > 0 && id.length <= 200)) fields.articleIds = 'Please pick the stories as a list of article ids.'
      else if (ids.length > editionLimits.articles) fields.articleIds = `Please pick at most ${editionLimits.articles} stories.`
      else if (new Set(ids).size !== ids.length) fields.articleIds = 'Each story can be picked once.'
      else if (ids.some((id: string) => id.startsWith('drafts.') || id.startsWith('versions.'))) fields.articleIds = 'Only published stories can go in a newsletter.'
      else out.articleIds = ids as string[]
    }
    if (Object.keys(fields).length > 0) throw httpError(400, Object.values(fields)[0]!, { fields })
    return out
  }

  createDraft(input: DraftInput, by: string | null): EditionView {
    const draft = this.readDraft(input, false)
    return this.store.create({ newsletter: 'editors-edition', subject: draft.subject!, intro: draft.intro ?? '', articleIds: draft.articleIds ?? [], createdBy: by })
  }

  updateDraft(id: string, revision: unknown, input: DraftInput): EditionView {
    if (typeof revision !== 'number' || !Number.isInteger(revision)) throw httpError(400, 'Say which revision the change is to ("revision": a whole number), so a newer save is never overwritten')
    const result = this.store.update(id, revision, this.readDraft(input, true))
    if ('edition' in result) return result.edition
    if (result.conflict === 'missing') throw httpError(404, `No edition with id "${id.slice(0, 60)}"`)
    if (result.conflict === 'state') throw httpError(409, 'This edition is no longer a draft: it cannot be changed', { edition: this.store.edition(id) })
    throw httpError(409, 'Someone saved this edition after you opened it: reload it to see their changes before saving yours', { edition: this.store.edition(id) })
  }

  deleteDraft(id: string): void {
    this.edition(id)
    if (!this.store.deleteDraft(id)) throw httpError(409, 'Only a draft can be deleted; an edition that went out stays in the record')
  }

  /** Sends an editors' edition now: composed, frozen and queued to every subscriber of it. */
  async send(id: string): Promise<EditionView> {
    const edition = this.edition(id)
    if (edition.state !== 'draft' && edition.state !== 'scheduled') throw httpError(409, `This edition is already ${edition.state === 'kept' ? 'kept, not sent' : edition.state}`)
    const { content, missing } = await this.content(edition)
    if (missing.length > 0) throw httpError(409, `${missing.length === 1 ? 'A story' : `${missing.length} stories`} in this edition ${missing.length === 1 ? 'is' : 'are'} not published: remove ${missing.length === 1 ? 'it' : 'them'} or publish first`, { missing })
    if (content.sections.length === 0) throw httpError(409, 'Pick at least one published story before sending')
    return this.begin(edition, content)
  }

  schedule(id: string, at: unknown): EditionView {
    const edition = this.edition(id)
    const when = typeof at === 'string' ? Date.parse(at) : NaN
    if (!Number.isFinite(when)) throw httpError(400, 'Give the time to send as an ISO date and time, such as 2026-12-01T07:30:00Z', { fields: { at: 'Please give a date and time.' } })
    if (when <= this.clock.now()) throw httpError(400, 'That time has passed: choose a time in the future, or send now', { fields: { at: 'Please choose a time in the future.' } })
    if (edition.articleIds.length === 0) throw httpError(409, 'Pick at least one published story before scheduling')
    if (!this.store.schedule(id, new Date(when))) throw httpError(409, `This edition is already ${edition.state}`)
    this.scheduler.arm()
    return this.edition(id)
  }

  cancelSchedule(id: string): EditionView {
    this.edition(id)
    if (!this.store.schedule(id, null)) throw httpError(409, 'This edition is not scheduled')
    this.scheduler.arm()
    return this.edition(id)
  }

  // --- The Morning Briefing ------------------------------------------------------------------

  /**
   * The Morning Briefing of the London day of `at`, composed from the front page now and sent (or
   * kept): once a day, and not at all when the front page has nothing published since the last one.
   */
  async sendMorning(at: number = this.clock.now()): Promise<MorningOutcome> {
    const key = morningKey(londonDay(at))
    if (this.store.byKey(key)) return { skipped: `the Morning Briefing of ${londonDay(at)} has already been made` }
    const { content, articleIds, newestPublishedAt } = await composeMorning(this.deps.source(), this.clock.now())
    if (articleIds.length === 0) return { skipped: 'the front page has no published stories' }
    const last = this.store.lastStarted('morning-briefing')
    if (last?.startedAt && (!newestPublishedAt || Date.parse(newestPublishedAt) <= Date.parse(last.startedAt))) return { skipped: 'nothing has been published since the last one' }
    let edition: EditionView
    try {
      edition = this.store.create({ newsletter: 'morning-briefing', subject: content.subject, intro: content.intro, articleIds, createdBy: null, key })
    } catch {
      return { skipped: `the Morning Briefing of ${londonDay(at)} has already been made` }
    }
    return { edition: await this.begin(edition, content) }
  }

  private async begin(edition: EditionView, content: EditionContent): Promise<EditionView> {
    const rendered = await renderEdition(content)
    const keep = this.sender.delivery === 'outbox'
    const recipients = this.deps.readers.store.eachRecipient(edition.newsletter)
    if (!this.store.enqueue(edition._id, rendered, recipients, keep)) throw httpError(409, 'This edition has already been sent or kept')
    const queued = this.edition(edition._id)
    if (keep) {
      // Nothing leaves the machine: one copy is kept in the Outbox, saying whom it was for.
      this.deps.readers.store.recordEmail({
        to: `${queued.counts.kept} subscriber${queued.counts.kept === 1 ? '' : 's'} of ${newsletterById(edition.newsletter).name}`,
        subject: rendered.subject,
        text: personalise(rendered, { unsubscribe: '(their own unsubscribe link)', preferences: '(their own link to choose newsletters)' }).text,
        status: 'held',
        error: null,
      })
    } else {
      this.sender.kick()
    }
    return queued
  }

  /** A test copy to one address (the editor's own), not counted in any edition. */
  async sendTest(id: string | 'morning', to: string): Promise<TestSend> {
    let message: RenderedEdition & { newsletter: NewsletterId }
    if (id === 'morning') {
      const { content } = await composeMorning(this.deps.source(), this.clock.now())
      message = { ...(await renderEdition(content)), newsletter: 'morning-briefing' }
    } else {
      const edition = this.edition(id)
      const frozen = this.store.frozen(id)
      message = frozen ?? { ...(await renderEdition((await this.content(edition)).content)), newsletter: edition.newsletter }
    }
    const subject = `[Test] ${message.subject}`
    const outbox = (status: EmailStatus, error: string | null) =>
      this.deps.readers.store.recordEmail({ to, subject, text: this.forNobody(message).text, status, error })
    if (this.sender.delivery === 'outbox') {
      outbox('held', null)
      return { to, delivery: 'held', error: null }
    }
    try {
      await this.sender.send(to, nobody, { ...message, subject })
      outbox('sent', null)
      return { to, delivery: 'sent', error: null }
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error)
      outbox('failed', text)
      return { to, delivery: 'failed', error: text }
    }
  }
}
