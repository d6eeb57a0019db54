import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseSeedText, SECTION_POOLS, SLOT_POOLS, type TextFiles } from './text.ts'

/** The data files as they are on disk, read afresh so each test can spoil its own copy. */
function files(): TextFiles {
  const read = (path: string): unknown => JSON.parse(readFileSync(new URL(`./text/${path}`, import.meta.url), 'utf8'))
  return {
    people: read('people.json'),
    slots: { 'text/places.json': read('places.json'), 'text/names.json': read('names.json'), 'text/figures.json': read('figures.json') },
    sections: SECTION_POOLS.map((pool) => [pool.slug, read(`sections/${pool.slug}.json`)] as const),
    paragraphs: read('paragraphs.json'),
    captions: read('captions.json'),
  }
}

type Json = Record<string, unknown>
const section = (raw: TextFiles, index: number): Json => raw.sections[index]?.[1] as Json
const firstStory = (raw: TextFiles): Json => (section(raw, 0).stories as Json[])[0] as Json

describe('seed text', () => {
  it('loads every section in order, with its stories, and the slot pools from all three files', () => {
    expect(SECTION_POOLS.map((pool) => pool.slug)).toEqual(['uk', 'world', 'comment', 'life-style', 'business', 'sport', 'culture', 'travel'])
    for (const pool of SECTION_POOLS) expect(pool.stories.length).toBeGreaterThan(0)
    expect(SLOT_POOLS.borough).toContain('Hackney')
    expect(SLOT_POOLS.company).toContain('Bankside Capital')
    expect(SLOT_POOLS.weekday).toContain('Monday')
  })

  it('parses the files on disk to what the module exports', () => {
    expect(parseSeedText(files()).sections).toEqual(SECTION_POOLS)
  })

  it('names the file and field of a value of the wrong kind', () => {
    const raw = files()
    firstStory(raw).theme = 'skyine'
    expect(() => parseSeedText(raw)).toThrow(/text\/sections\/uk\.json: stories\[0\]\.theme should be one of skyline, .*but is "skyine"/)
  })

  it('rejects a misspelt field rather than dropping it', () => {
    const raw = files()
    const story = firstStory(raw)
    story.hnit = story.hint
    delete story.hint
    expect(() => parseSeedText(raw)).toThrow(/stories\[0\]\.hnit should be left out/)
  })

  it('rejects a missing field and an empty list', () => {
    const missing = files()
    delete firstStory(missing).excerpt
    expect(() => parseSeedText(missing)).toThrow(/stories\[0\]\.excerpt should be present, but is missing/)

    const empty = files()
    section(empty, 2).quotes = []
    expect(() => parseSeedText(empty)).toThrow(/text\/sections\/comment\.json: quotes should be a non-empty array/)
  })

  it('rejects a placeholder that names no pool, and a pool defined twice', () => {
    const unknown = files()
    firstStory(unknown).headline = 'Strike on the {lines} line'
    expect(() => parseSeedText(unknown)).toThrow(/stories\[0\]\.headline should be free of unknown slots \(\{lines\}/)

    const twice = files()
    ;(twice.slots['text/names.json'] as Json).borough = ['Hackney']
    expect(() => parseSeedText(twice)).toThrow(/text\/names\.json: borough should be defined once \(it is also in text\/places\.json\)/)
  })
})
