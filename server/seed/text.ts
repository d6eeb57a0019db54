// Word pools for the demo and benchmark articles. The words live in JSON under text/ (see
// text/README.md) so they can be edited without touching code; this module loads them, checks
// their shape once, and states their types for compose.ts, demo.ts and synthetic.ts. A hand-edited
// file with a typo fails here, at import, naming the file and the field, rather than deep inside
// an article generator (or worse, quietly producing a story with no theme).

import type { ImageTheme } from './images.ts'
import captionsFile from './text/captions.json' with { type: 'json' }
import figuresFile from './text/figures.json' with { type: 'json' }
import namesFile from './text/names.json' with { type: 'json' }
import paragraphsFile from './text/paragraphs.json' with { type: 'json' }
import peopleFile from './text/people.json' with { type: 'json' }
import placesFile from './text/places.json' with { type: 'json' }
import businessFile from './text/sections/business.json' with { type: 'json' }
import commentFile from './text/sections/comment.json' with { type: 'json' }
import cultureFile from './text/sections/culture.json' with { type: 'json' }
import lifeStyleFile from './text/sections/life-style.json' with { type: 'json' }
import sportFile from './text/sections/sport.json' with { type: 'json' }
import travelFile from './text/sections/travel.json' with { type: 'json' }
import ukFile from './text/sections/uk.json' with { type: 'json' }
import worldFile from './text/sections/world.json' with { type: 'json' }

// The allowed values are listed once, as data, so the types and the load-time check cannot drift.
const SECTION_SLUGS = ['uk', 'world', 'comment', 'life-style', 'business', 'sport', 'culture', 'travel'] as const
const TOPIC_SLUGS = ['news-politics', 'film-television', 'sports', 'pop-culture', 'events'] as const
const DESK_SLUGS = ['news', 'features', 'opinion', 'podcasts', 'music', 'puzzles', 'magazines'] as const
const STORY_HINTS = ['breaking', 'lead', 'video', 'gallery'] as const
const BODY_SHAPES = ['report', 'explainer', 'longRead', 'brief', 'guide', 'opinion', 'picture'] as const

export type SectionSlug = (typeof SECTION_SLUGS)[number]
export type TopicSlug = (typeof TOPIC_SLUGS)[number]
export type DeskSlug = (typeof DESK_SLUGS)[number]
/** Which homepage role a story suits; the generators only hand out flags to stories that fit them. */
export type StoryHint = (typeof STORY_HINTS)[number]
export type BodyShape = (typeof BODY_SHAPES)[number]

// images.ts draws with sharp, and compose.ts must stay sharp-free for the benchmark, so the themes
// are not imported as a value; the Record type makes the compiler flag any theme added or dropped there.
const THEMES: Record<ImageTheme, true> = {
  skyline: true, river: true, street: true, stadium: true, stage: true, chart: true, landscape: true, interior: true,
}
const IMAGE_THEME_NAMES = Object.keys(THEMES) as ImageTheme[]

export interface StoryTemplate {
  headline: string
  /** Plain text, one or two sentences. */
  excerpt: string
  /** The story's own opening paragraph, so no two bodies start alike. */
  detail: string
  theme: ImageTheme
  topic?: TopicSlug
  desk?: DeskSlug
  hint?: StoryHint
}

export interface Quote {
  text: string
  by: string
}

export interface ListTemplate {
  style: 'bullet' | 'number'
  items: string[]
}

export interface SectionPool {
  slug: SectionSlug
  stories: StoryTemplate[]
  paragraphs: string[]
  headings: string[]
  quotes: Quote[]
  lists: ListTemplate[]
  /** Body layouts that suit the section, repeated to weight them. */
  shapes: BodyShape[]
}

/** Slots whose values are generated rather than listed. */
export const PERSON_SLOT = 'person'

/** The placeholder syntax compose.ts fills (its SLOT pattern): a pool name, then an optional digit for a second value. */
const PLACEHOLDER = /\{([a-z]+)(\d*)\}/g

// --- Checking ---------------------------------------------------------------------------------

/** Where a value sits, for error messages: `text/sections/uk.json: stories[3].theme`. */
type Where = string

/** `text/people.json:` + `surnames` reads `text/people.json: surnames`; deeper fields join with a dot. */
function field(where: Where, key: string): Where {
  return where.endsWith(':') ? `${where} ${key}` : `${where}.${key}`
}

function fail(where: Where, expected: string, got: unknown): never {
  const json = got === undefined ? 'missing' : String(JSON.stringify(got))
  const shown = json.length > 80 ? `${json.slice(0, 77)}...` : json
  throw new Error(`server/seed/${where} should be ${expected}, but is ${shown}`)
}

function record(value: unknown, where: Where, keys?: { required: readonly string[]; optional?: readonly string[] }): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(where, 'an object', value)
  const object = value as Record<string, unknown>
  if (keys) {
    const known = [...keys.required, ...(keys.optional ?? [])]
    for (const key of keys.required) if (!(key in object)) fail(field(where, key), 'present', undefined)
    for (const key of Object.keys(object)) if (!known.includes(key)) fail(field(where, key), `left out (the known fields are ${known.join(', ')})`, object[key])
  }
  return object
}

function text(value: unknown, where: Where): string {
  if (typeof value !== 'string' || value.trim() === '') fail(where, 'a non-empty string', value)
  return value
}

function oneOf<T extends string>(allowed: readonly T[], value: unknown, where: Where): T {
  if (!allowed.includes(value as T)) fail(where, `one of ${allowed.join(', ')}`, value)
  return value as T
}

/** Every list must have something in it: the generators pick from each one. */
function list<T>(value: unknown, where: Where, item: (value: unknown, where: Where) => T): T[] {
  if (!Array.isArray(value) || value.length === 0) fail(where, 'a non-empty array', value)
  return value.map((entry, index) => item(entry, `${where}[${index}]`))
}

function story(value: unknown, where: Where): StoryTemplate {
  const o = record(value, where, { required: ['headline', 'excerpt', 'detail', 'theme'], optional: ['topic', 'desk', 'hint'] })
  const result: StoryTemplate = {
    headline: text(o.headline, field(where, 'headline')),
    excerpt: text(o.excerpt, field(where, 'excerpt')),
    detail: text(o.detail, field(where, 'detail')),
    theme: oneOf(IMAGE_THEME_NAMES, o.theme, field(where, 'theme')),
  }
  if (o.topic !== undefined) result.topic = oneOf(TOPIC_SLUGS, o.topic, field(where, 'topic'))
  if (o.desk !== undefined) result.desk = oneOf(DESK_SLUGS, o.desk, field(where, 'desk'))
  if (o.hint !== undefined) result.hint = oneOf(STORY_HINTS, o.hint, field(where, 'hint'))
  return result
}

function section(slug: SectionSlug, value: unknown, where: Where): SectionPool {
  const o = record(value, where, { required: ['shapes', 'stories', 'paragraphs', 'headings', 'quotes', 'lists'] })
  return {
    slug,
    shapes: list(o.shapes, field(where, 'shapes'), (v, w) => oneOf(BODY_SHAPES, v, w)),
    stories: list(o.stories, field(where, 'stories'), story),
    paragraphs: list(o.paragraphs, field(where, 'paragraphs'), text),
    headings: list(o.headings, field(where, 'headings'), text),
    quotes: list(o.quotes, field(where, 'quotes'), (v, w) => {
      const q = record(v, w, { required: ['text', 'by'] })
      return { text: text(q.text, field(w, 'text')), by: text(q.by, field(w, 'by')) }
    }),
    lists: list(o.lists, field(where, 'lists'), (v, w) => {
      const l = record(v, w, { required: ['style', 'items'] })
      return { style: oneOf(['bullet', 'number'] as const, l.style, field(w, 'style')), items: list(l.items, field(w, 'items'), text) }
    }),
  }
}

/** The raw contents of the data files, by their path under server/seed/. */
export interface TextFiles {
  people: unknown
  /** Slot pools, split by what they hold; a pool name may appear in only one of them. */
  slots: Readonly<Record<string, unknown>>
  /** In the order the generators walk them, which the seeded output depends on. */
  sections: ReadonlyArray<readonly [SectionSlug, unknown]>
  paragraphs: unknown
  captions: unknown
}

export interface SeedText {
  firstNames: string[]
  surnames: string[]
  slotPools: Record<string, string[]>
  sections: SectionPool[]
  genericParagraphs: string[]
  newsParagraphs: string[]
  contactParagraph: string
  captions: Record<ImageTheme, string[]>
}

/** Checks the files' shape and that every `{slot}` in the texts names a pool; throws naming the file and field. */
export function parseSeedText(files: TextFiles): SeedText {
  const people = record(files.people, 'text/people.json:', { required: ['firstNames', 'surnames'] })
  const firstNames = list(people.firstNames, field('text/people.json:', 'firstNames'), text)
  const surnames = list(people.surnames, field('text/people.json:', 'surnames'), text)

  const slotPools: Record<string, string[]> = {}
  const poolFile = new Map<string, string>()
  for (const [path, value] of Object.entries(files.slots)) {
    for (const [name, values] of Object.entries(record(value, `${path}:`))) {
      const where = `${path}: ${name}`
      // A digit would be read as the "second value" suffix, and `person` is generated, not listed.
      if (!/^[a-z]+$/.test(name) || name === PERSON_SLOT) fail(where, `named in lowercase letters only, and not "${PERSON_SLOT}"`, name)
      const earlier = poolFile.get(name)
      if (earlier) fail(where, `defined once (it is also in ${earlier})`, name)
      poolFile.set(name, path)
      slotPools[name] = list(values, where, text)
    }
  }

  const sections = files.sections.map(([slug, value]) => section(slug, value, `text/sections/${slug}.json:`))
  const missing = SECTION_SLUGS.filter((slug) => !sections.some((pool) => pool.slug === slug))
  if (missing.length > 0 || sections.length !== SECTION_SLUGS.length) fail('text/sections/:', `one file per section (${SECTION_SLUGS.join(', ')})`, files.sections.map(([slug]) => slug))

  const shared = record(files.paragraphs, 'text/paragraphs.json:', { required: ['any', 'news', 'contact'] })
  const genericParagraphs = list(shared.any, 'text/paragraphs.json: any', text)
  const newsParagraphs = list(shared.news, 'text/paragraphs.json: news', text)
  const contactParagraph = text(shared.contact, 'text/paragraphs.json: contact')

  const rawCaptions = record(files.captions, 'text/captions.json:', { required: IMAGE_THEME_NAMES })
  const captions = Object.fromEntries(
    IMAGE_THEME_NAMES.map((theme) => [theme, list(rawCaptions[theme], `text/captions.json: ${theme}`, text)]),
  ) as Record<ImageTheme, string[]>

  // Every text that compose.ts fills: an unknown slot would otherwise only fail when that text is drawn.
  const filled: Array<[Where, string]> = [
    ...genericParagraphs.map((t, i): [Where, string] => [`text/paragraphs.json: any[${i}]`, t]),
    ...newsParagraphs.map((t, i): [Where, string] => [`text/paragraphs.json: news[${i}]`, t]),
    ['text/paragraphs.json: contact', contactParagraph],
    ...sections.flatMap((pool) => {
      const at = `text/sections/${pool.slug}.json:`
      return [
        ...pool.stories.flatMap((s, i): Array<[Where, string]> => [
          [`${at} stories[${i}].headline`, s.headline],
          [`${at} stories[${i}].excerpt`, s.excerpt],
          [`${at} stories[${i}].detail`, s.detail],
        ]),
        ...pool.paragraphs.map((t, i): [Where, string] => [`${at} paragraphs[${i}]`, t]),
        ...pool.headings.map((t, i): [Where, string] => [`${at} headings[${i}]`, t]),
        ...pool.quotes.flatMap((q, i): Array<[Where, string]> => [[`${at} quotes[${i}].text`, q.text], [`${at} quotes[${i}].by`, q.by]]),
        ...pool.lists.flatMap((l, i) => l.items.map((t, j): [Where, string] => [`${at} lists[${i}].items[${j}]`, t])),
      ]
    }),
  ]
  for (const [where, value] of filled) {
    for (const [placeholder, name] of value.matchAll(PLACEHOLDER)) {
      if (name !== PERSON_SLOT && !(name && name in slotPools)) {
        fail(where, `free of unknown slots (${placeholder} names no pool in text/places.json, names.json or figures.json)`, value)
      }
    }
  }

  return { firstNames, surnames, slotPools, sections, genericParagraphs, newsParagraphs, contactParagraph, captions }
}

// --- The loaded pools -------------------------------------------------------------------------

const SEED_TEXT = parseSeedText({
  people: peopleFile,
  slots: { 'text/places.json': placesFile, 'text/names.json': namesFile, 'text/figures.json': figuresFile },
  sections: [
    ['uk', ukFile],
    ['world', worldFile],
    ['comment', commentFile],
    ['life-style', lifeStyleFile],
    ['business', businessFile],
    ['sport', sportFile],
    ['culture', cultureFile],
    ['travel', travelFile],
  ],
  paragraphs: paragraphsFile,
  captions: captionsFile,
})

export const FIRST_NAMES: readonly string[] = SEED_TEXT.firstNames
export const SURNAMES: readonly string[] = SEED_TEXT.surnames

/**
 * Values for `{slot}` placeholders. A trailing digit names a second, different value from the same
 * pool: `{borough2}` is never the same borough as `{borough}` in one article.
 */
export const SLOT_POOLS: Record<string, readonly string[]> = SEED_TEXT.slotPools

export const SECTION_POOLS: readonly SectionPool[] = SEED_TEXT.sections

/** Paragraphs that fit any article. */
export const GENERIC_PARAGRAPHS: readonly string[] = SEED_TEXT.genericParagraphs

/** Paragraphs that only make sense under a news story, not a recipe or a column. */
export const NEWS_PARAGRAPHS: readonly string[] = SEED_TEXT.newsParagraphs

/** The closing line that invites tips; the only place the body links to email and phone. */
export const CONTACT_PARAGRAPH: string = SEED_TEXT.contactParagraph

/** Captions for inline body images, by theme. */
export const IMAGE_CAPTIONS: Record<ImageTheme, readonly string[]> = SEED_TEXT.captions
