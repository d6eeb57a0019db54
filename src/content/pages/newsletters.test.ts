import { describe, expect, it } from 'vitest'
import { newsletterIdsOf, receiveSentence } from './newsletters.ts'

describe('newsletterIdsOf', () => {
  it('reads the newsletters a form or an address names, each once, in the catalogue order', () => {
    expect(newsletterIdsOf('editors-edition,morning-briefing,editors-edition')).toEqual(['morning-briefing', 'editors-edition'])
    expect(newsletterIdsOf('editors-edition')).toEqual(['editors-edition'])
  })

  it('leaves out what the paper does not send', () => {
    expect(newsletterIdsOf('weekend,morning-briefing')).toEqual(['morning-briefing'])
    expect(newsletterIdsOf('')).toEqual([])
    expect(newsletterIdsOf(undefined)).toEqual([])
    expect(newsletterIdsOf(['morning-briefing'])).toEqual([])
    expect(newsletterIdsOf(`morning-briefing,${'x'.repeat(300)}`)).toEqual([])
  })
})

describe('receiveSentence', () => {
  it('says exactly which newsletters come, and when', () => {
    expect(receiveSentence(['morning-briefing', 'editors-edition'])).toBe(
      'You will receive The Morning Briefing (every morning at 07:00 London time, on days with new stories) and From the Editors (whenever the editors send one).',
    )
    expect(receiveSentence(['editors-edition'])).toBe('You will receive From the Editors (whenever the editors send one).')
  })

  it('gives the morning send time the service uses', () => {
    expect(receiveSentence(['morning-briefing'], '06:30')).toBe('You will receive The Morning Briefing (every morning at 06:30 London time, on days with new stories).')
  })

  it('says so when nothing comes', () => {
    expect(receiveSentence([])).toBe('You will receive no newsletters.')
  })
})
