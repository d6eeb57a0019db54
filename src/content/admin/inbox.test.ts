import { describe, expect, it } from 'vitest'
import { maxPage } from '../listings/paging.ts'
import { validateInboxSearch } from './addresses.ts'
import { displaySubject, inboxPageCount, inboxRequest, messagePreview, replyLink, withUnread } from './inbox.ts'

describe('the inbox’s address', () => {
  it('keeps a page past the first and the Unread filter, and leaves defaults out', () => {
    expect(validateInboxSearch({ page: '3', show: 'unread' })).toEqual({ page: 3, show: 'unread' })
    expect(validateInboxSearch({ page: 1, show: 'all' })).toEqual({ page: undefined, show: undefined })
  })

  it('opens the inbox on anything it does not understand', () => {
    expect(validateInboxSearch({ page: 'banana', show: 'starred' })).toEqual({ page: undefined, show: undefined })
    expect(validateInboxSearch({ page: String(maxPage + 1) })).toEqual({ page: undefined, show: undefined })
  })

  it('asks the service for the page and filter the address names', () => {
    expect(inboxRequest({})).toEqual({ page: 1, show: 'all' })
    expect(inboxRequest({ page: 2, show: 'unread' })).toEqual({ page: 2, show: 'unread' })
  })

  it('counts pages of 25', () => {
    expect(inboxPageCount(0)).toBe(1)
    expect(inboxPageCount(25)).toBe(1)
    expect(inboxPageCount(26)).toBe(2)
  })
})

describe('a message in the list', () => {
  it('previews its first words on one line, cut at a word', () => {
    expect(messagePreview('Hello,\n\n  the 38 bus  is late.')).toBe('Hello, the 38 bus is late.')
    expect(messagePreview('one two three four five six', 15)).toBe('one two three…')
  })

  it('has a subject to read even when the reader left it blank', () => {
    expect(displaySubject('  ')).toBe('(no subject)')
    expect(displaySubject(' Bus routes ')).toBe('Bus routes')
  })
})

describe('a link’s name with what is unread', () => {
  it('says the count, or that a message is unread, after the link’s words', () => {
    expect(withUnread('Inbox', 3)).toBe('Inbox, 3 unread')
    expect(withUnread('Bus routes', true)).toBe('Bus routes, unread')
    expect(withUnread('Inbox', 0)).toBe('Inbox')
    expect(withUnread('Bus routes', false)).toBe('Bus routes')
  })
})

describe('the reply link', () => {
  it('answers a plain address with the subject prefixed once', () => {
    expect(replyLink({ email: 'ada@example.com', subject: 'Bus routes' })).toBe('mailto:ada@example.com?subject=Re%3A%20Bus%20routes')
    expect(replyLink({ email: 'ada@example.com', subject: 'RE: Bus routes' })).toBe('mailto:ada@example.com?subject=RE%3A%20Bus%20routes')
    expect(replyLink({ email: 'ada@example.com', subject: '' })).toBe('mailto:ada@example.com?subject=Your%20message%20to%20Resonance')
  })

  it('makes no link of an address that could add recipients, headers or a scheme', () => {
    for (const email of ['ada@example.com?bcc=all@paper.example', 'ada@example.com,bob@example.com', 'javascript:alert(1)//@x.com', 'ada example@x.com', 'not-an-address', 'a@b', 'ada@example.com&body=x']) {
      expect(replyLink({ email, subject: 'Hi' })).toBeNull()
    }
  })
})
