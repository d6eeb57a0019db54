// Corrections and clarifications: what the paper says when a published story was wrong or unclear
// (docs/decisions/016-publication-dates-and-corrections.md). Kept on the article they amend, shown at
// its foot, in its structured data and its feed item, and listed on /corrections. The service checks
// every stored article against `correctionsProblem`; the admin form, the page, the feeds and the
// list all read the words from here, so none can drift.

export type CorrectionKind = 'correction' | 'clarification'

export const correctionKinds: readonly CorrectionKind[] = ['correction', 'clarification']

/** How each kind is named to readers and editors. */
export const correctionKindLabels: Record<CorrectionKind, string> = { correction: 'Correction', clarification: 'Clarification' }

/** One correction or clarification, as an article's `corrections` holds it. */
export interface Correction {
  _key: string
  _type: 'correction'
  kind: CorrectionKind
  /** Plain text, shown as typed: never markup. */
  text: string
  /** The London calendar day it was made, `YYYY-MM-DD`. */
  date: string
}

/** The longest correction's text: a paragraph, not an article. */
export const maxCorrectionLength = 1000

/** The most an article may carry: far more than any story needs, and a bound on what a page shows. */
export const maxCorrections = 50

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Whether `text` is a real calendar day written `YYYY-MM-DD`. */
export function isCalendarDay(text: unknown): text is string {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const date = new Date(`${text}T12:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text
}

/** Why a correction's text cannot be kept, in the form's words; null when it can. */
export function correctionTextProblem(text: string): string | null {
  if (text.trim() === '') return 'Say what was corrected or clarified.'
  if (text.length > maxCorrectionLength) return `A correction can be at most ${maxCorrectionLength.toLocaleString('en-GB')} characters (this one has ${text.length.toLocaleString('en-GB')}).`
  return null
}

/**
 * Why an article's `corrections` cannot be stored, in words for the API's error; null when it can
 * (absent is fine). Checked by the service on every write of an article.
 */
export function correctionsProblem(value: unknown): string | null {
  if (value === undefined || value === null) return null
  if (!Array.isArray(value)) return '"corrections" must be an array'
  if (value.length > maxCorrections) return `An article may carry at most ${maxCorrections} corrections`
  for (const [index, item] of value.entries()) {
    const where = `corrections[${index}]`
    if (!isRecord(item)) return `${where} must be an object`
    if (typeof item._key !== 'string' || item._key === '') return `${where} needs a "_key"`
    if (!correctionKinds.includes(item.kind as CorrectionKind)) return `${where}.kind must be "correction" or "clarification"`
    if (typeof item.text !== 'string' || item.text.trim() === '') return `${where}.text must be the correction's words`
    if (item.text.length > maxCorrectionLength) return `${where}.text is ${item.text.length} characters; a correction may have at most ${maxCorrectionLength}`
    if (!isCalendarDay(item.date)) return `${where}.date must be a day written YYYY-MM-DD`
  }
  return null
}

/** The corrections of a stored article that are fit to show, in the order they were made. */
export function shownCorrections(value: unknown): Correction[] {
  if (!Array.isArray(value)) return []
  return value
    .filter((item): item is Correction => isRecord(item) && correctionKinds.includes(item.kind as CorrectionKind) && typeof item.text === 'string' && item.text.trim() !== '' && isCalendarDay(item.date))
    .slice(0, maxCorrections)
}

/**
 * Whether every correction `value` holds is one of those the `sources` already hold (same key,
 * kind, text and day): a contributor's draft may keep or drop what an editor wrote, never add or
 * reword it.
 */
export function correctionsWithin(value: unknown, ...sources: unknown[]): boolean {
  if (value === undefined || value === null) return true
  if (!Array.isArray(value)) return false
  const word = (c: unknown) => (isRecord(c) ? JSON.stringify([c._key, c._type, c.kind, c.text, c.date]) : '')
  const known = new Set(sources.flatMap((source) => (Array.isArray(source) ? source.map(word) : [])))
  return value.every((c) => isRecord(c) && Object.keys(c).every((k) => ['_key', '_type', 'kind', 'text', 'date'].includes(k)) && known.has(word(c)))
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' })

/** "3 March 2026": a correction's day as the notice prints it. */
export function correctionDay(day: string): string {
  return isCalendarDay(day) ? dayFormat.format(new Date(`${day}T12:00:00Z`)) : day
}

/** The notice at the foot of the article: "This article was amended on 3 March 2026. {text}". */
export function correctionNotice(correction: Pick<Correction, 'date' | 'text'>): string {
  return `This article was amended on ${correctionDay(correction.date)}. ${correction.text.trim()}`
}
