import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { contactMessages, contactSchema, emailSchema, fieldErrors, readerFieldLimits, subscriptionSchema } from './readerForms.ts'

function messagesFor(schema: v.GenericSchema, value: unknown): string[] {
  const result = v.safeParse(schema, value)
  return result.success ? [] : result.issues.map((issue) => issue.message)
}

const valid = { fullName: 'Ada Lovelace', email: 'ada@example.co.uk', subject: 'A correction', message: 'The date in paragraph two is wrong.' }

describe('contactSchema', () => {
  it('accepts a complete message and trims what it returns', () => {
    const result = v.safeParse(contactSchema, { ...valid, fullName: '  Ada Lovelace ', email: ' ada@example.co.uk ' })
    expect(result.success).toBe(true)
    expect(result.output).toEqual(valid)
  })

  it('asks for every field when all are empty, one message each, in British English', () => {
    expect(messagesFor(contactSchema, { fullName: '', email: '', subject: '', message: '' })).toEqual([
      'Please enter your full name.',
      'Please enter your email address.',
      'Please enter a subject.',
      'Please enter your message.',
    ])
  })

  it('treats a field of spaces as empty', () => {
    expect(messagesFor(contactSchema, { ...valid, subject: '   ' })).toEqual([contactMessages.subject])
    expect(messagesFor(contactSchema, { ...valid, message: '\n\t ' })).toEqual([contactMessages.message])
    expect(messagesFor(contactSchema, { ...valid, fullName: ' ' })).toEqual([contactMessages.fullName])
  })

  it('sets no other bounds a reader would meet: a one-letter subject and a long message pass', () => {
    expect(messagesFor(contactSchema, { ...valid, subject: 'X', message: 'word '.repeat(2000) })).toEqual([])
  })

  it('refuses a field past its ceiling, saying which and how long it may be', () => {
    expect(messagesFor(contactSchema, { ...valid, message: 'x'.repeat(readerFieldLimits.message + 1) })).toEqual(['Please keep the message under 20,000 characters.'])
    expect(messagesFor(contactSchema, { ...valid, fullName: 'x'.repeat(readerFieldLimits.fullName + 1) })).toEqual(['Please keep the name under 200 characters.'])
  })
})

describe('emailSchema', () => {
  it.each(['ada@example.co.uk', 'first.last+news@resonance.example', 'a_b-c@sub.domain.org'])('accepts %s', (email) => {
    expect(messagesFor(emailSchema, email)).toEqual([])
  })

  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'ada @example.com', 'ada@@example.com'])('rejects %s as badly formed', (email) => {
    expect(messagesFor(emailSchema, email)).toEqual(['Please enter a valid email address.'])
  })

  it('says an empty address is missing, not badly formed', () => {
    expect(messagesFor(emailSchema, '')).toEqual(['Please enter your email address.'])
    expect(messagesFor(emailSchema, '   ')).toEqual(['Please enter your email address.'])
  })
})

describe('subscriptionSchema', () => {
  it('needs at least one of the newsletters the paper sends and a valid email, and keeps each newsletter once in the catalogue order', () => {
    expect(v.parse(subscriptionSchema, { newsletters: ['editors-edition', 'morning-briefing', 'editors-edition'], email: 'reader@example.com ' })).toEqual({
      newsletters: ['morning-briefing', 'editors-edition'],
      email: 'reader@example.com',
    })
    expect(v.safeParse(subscriptionSchema, { newsletters: ['weekend'], email: 'reader@example.com' }).success).toBe(false)
    expect(v.safeParse(subscriptionSchema, { plan: 'digital', email: 'reader@example.com' }).success).toBe(false)
    expect(messagesFor(subscriptionSchema, { newsletters: ['morning-briefing'], email: 'reader' })).toEqual([contactMessages.emailFormat])
  })
})

describe('fieldErrors', () => {
  it('names each field with its first problem, and nothing for values that pass', () => {
    expect(fieldErrors(contactSchema, { fullName: '', email: 'ada', subject: 'Hi', message: '' })).toEqual({
      fullName: contactMessages.fullName,
      email: contactMessages.emailFormat,
      message: contactMessages.message,
    })
    expect(fieldErrors(contactSchema, valid)).toEqual({})
  })

  it('asks for a newsletter when none, or one the paper does not send, is chosen', () => {
    const chooseOne = { newsletters: 'Please choose at least one newsletter.' }
    expect(fieldErrors(subscriptionSchema, { newsletters: [], email: 'reader@example.com' })).toEqual(chooseOne)
    expect(fieldErrors(subscriptionSchema, { newsletters: ['weekend'], email: 'reader@example.com' })).toEqual(chooseOne)
    expect(fieldErrors(subscriptionSchema, { email: 'reader@example.com' })).toEqual(chooseOne)
  })
})
