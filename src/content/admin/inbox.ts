// The admin's inbox: readers' contact messages as the service hands them over, the inbox's address
// (which messages, which page) and what a message shows. The routes read the address in the app's
// main bundle, so this module imports nothing heavier than the page-number rule.

import type { InboxMessage } from '../../../shared/newsroom.ts'
import { pageCount } from '../listings/paging.ts'
import type { InboxSearch } from './addresses.ts'

export interface InboxPage {
  messages: InboxMessage[]
  page: number
  pageCount: number
  /** Messages the filter lets through, on every page. */
  total: number
  /** Unread messages in the whole inbox, whatever the filter. */
  unread: number
}

/** The service sends 25 a page, newest first. */
export const inboxPageSize = 25

export const inboxShows = ['all', 'unread'] as const
export type InboxShow = (typeof inboxShows)[number]

export const inboxShowLabels: Record<InboxShow, string> = { all: 'All', unread: 'Unread' }

/** What the inbox asks the service for. */
export function inboxRequest(search: InboxSearch): { page: number; show: InboxShow } {
  return { page: search.page ?? 1, show: search.show ?? 'all' }
}

export function inboxPageCount(total: number): number {
  return pageCount(total, inboxPageSize)
}

export function isUnread(message: Pick<InboxMessage, 'readAt'>): boolean {
  return message.readAt === null
}

/**
 * A link's name with what is unread said after its words: "Inbox, 3 unread", "Bus routes, unread".
 * Given as the link's aria-label, because browsers join hidden text to a link's words each their
 * own way; the name still begins with the words on screen.
 */
export function withUnread(name: string, unread: number | boolean): string {
  if (unread === false || unread === 0) return name
  return unread === true ? `${name}, unread` : `${name}, ${unread} unread`
}

/**
 * A message's first words for the list: its lines joined, cut at a word near `length` characters.
 * Plain text, shown as text.
 */
export function messagePreview(text: string, length = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= length) return flat
  const cut = flat.slice(0, length)
  const space = cut.lastIndexOf(' ')
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}

/** What a message with an empty subject is called, so every row has something to read and to link. */
export function displaySubject(subject: string): string {
  const trimmed = subject.trim()
  return trimmed === '' ? '(no subject)' : trimmed
}

// A reader typed the address: only a plain one (no spaces, no characters that would add headers,
// recipients or another scheme to the link) becomes a mailto: link.
const plainAddress = /^[^\s@<>()[\]\\,;:"?&#%/]+@[^\s@<>()[\]\\,;:"?&#%/]+\.[^\s@<>()[\]\\,;:"?&#%/]+$/

/** A mailto: link answering the message, or null when its address is not a plain email address. */
export function replyLink(message: Pick<InboxMessage, 'email' | 'subject'>): string | null {
  const address = message.email.trim()
  if (address.length > 254 || !plainAddress.test(address)) return null
  const subject = message.subject.trim()
  const re = subject === '' ? 'Your message to Resonance' : /^re:/i.test(subject) ? subject : `Re: ${subject}`
  return `mailto:${address}?subject=${encodeURIComponent(re)}`
}
