// Turns the word pools in text.ts into article text and Portable Text bodies. Shared by the demo
// dataset and the benchmark generator so both produce documents of the same shape; this module is
// synchronous and sharp-free because the benchmark builds up to 100,000 articles with it.

import type { BodyNode, ImageField, PortableTextBlock, PortableTextLinkMark, PortableTextSpan } from '../../shared/schema.ts'
import { trendingMinimumReads } from '../../shared/trending.ts'
import type { Rng } from './random.ts'
import {
  CONTACT_PARAGRAPH,
  FIRST_NAMES,
  GENERIC_PARAGRAPHS,
  NEWS_PARAGRAPHS,
  PERSON_SLOT,
  SLOT_POOLS,
  SURNAMES,
  type BodyShape,
  type SectionPool,
  type StoryTemplate,
} from './text.ts'

export type Fill = (text: string) => string

const SLOT = /\{([a-z]+)(\d*)\}/g

/**
 * A filler remembers its choices, so `{borough}` reads the same in the headline, the excerpt and
 * every paragraph of one article, while numbered variants (`{borough2}`) get a different value.
 */
export function createFill(rng: Rng): Fill {
  const chosen = new Map<string, string>()
  const usedByPool = new Map<string, Set<string>>()

  const draw = (pool: string): string => {
    if (pool === PERSON_SLOT) return `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)}`
    const values = SLOT_POOLS[pool]
    if (!values) throw new Error(`No word pool for slot {${pool}}`)
    return rng.pick(values)
  }

  const valueFor = (pool: string, suffix: string): string => {
    const name = pool + suffix
    const known = chosen.get(name)
    if (known !== undefined) return known
    let used = usedByPool.get(pool)
    if (!used) usedByPool.set(pool, (used = new Set()))
    let value = draw(pool)
    for (let attempt = 0; used.has(value) && attempt < 20; attempt++) value = draw(pool)
    used.add(value)
    chosen.set(name, value)
    return value
  }

  return (text) => (text.includes('{') ? text.replace(SLOT, (_match, pool: string, suffix: string) => valueFor(pool, suffix)) : text)
}

interface Segment {
  text: string
  decorators: string[]
  href?: string
}

const MARKUP = /\*\*(.+?)\*\*|\*(.+?)\*|\[([^\]]+)\]\(([^)\s]+)\)/g
const parsed = new Map<string, Segment[]>()

/** Parsed once per template string; pools are small, articles are many. */
function segmentsOf(template: string): Segment[] {
  const cached = parsed.get(template)
  if (cached) return cached
  const segments: Segment[] = []
  let last = 0
  for (const match of template.matchAll(MARKUP)) {
    const index = match.index ?? 0
    if (index > last) segments.push({ text: template.slice(last, index), decorators: [] })
    if (match[1] !== undefined) segments.push({ text: match[1], decorators: ['strong'] })
    else if (match[2] !== undefined) segments.push({ text: match[2], decorators: ['em'] })
    else segments.push({ text: match[3] as string, decorators: [], href: match[4] as string })
    last = index + match[0].length
  }
  if (last < template.length) segments.push({ text: template.slice(last), decorators: [] })
  parsed.set(template, segments)
  return segments
}

/** Plain text of a template with the markup removed, for titles and excerpts. */
export function plainText(template: string, fill: Fill): string {
  return fill(segmentsOf(template).map((segment) => segment.text).join(''))
}

function spans(rng: Rng, template: string, fill: Fill): { children: PortableTextSpan[]; markDefs: PortableTextLinkMark[] } {
  const children: PortableTextSpan[] = []
  const markDefs: PortableTextLinkMark[] = []
  for (const segment of segmentsOf(template)) {
    const marks = segment.decorators.slice()
    if (segment.href) {
      const key = rng.key()
      markDefs.push({ _type: 'link', _key: key, href: fill(segment.href) })
      marks.push(key)
    }
    children.push({ _type: 'span', _key: rng.key(), text: fill(segment.text), marks })
  }
  return { children, markDefs }
}

export function textBlock(
  rng: Rng,
  template: string,
  fill: Fill,
  style: PortableTextBlock['style'] = 'normal',
  listItem?: PortableTextBlock['listItem'],
): PortableTextBlock {
  const { children, markDefs } = spans(rng, template, fill)
  const block: PortableTextBlock = { _type: 'block', _key: rng.key(), style, markDefs, children }
  if (listItem) {
    block.listItem = listItem
    block.level = 1
  }
  return block
}

function quoteBlock(rng: Rng, text: string, by: string, fill: Fill): PortableTextBlock {
  return {
    _type: 'block',
    _key: rng.key(),
    style: 'blockquote',
    markDefs: [],
    children: [
      { _type: 'span', _key: rng.key(), text: `“${fill(text)}”`, marks: [] },
      { _type: 'span', _key: rng.key(), text: ` — ${fill(by)}`, marks: ['em'] },
    ],
  }
}

export interface BodyImage {
  ref: string
  alt: string
  caption?: string
  credit?: string
}

export function imageField(ref: string, alt: string, extra: { _key?: string; caption?: string; credit?: string } = {}): ImageField {
  const asset = { _type: 'reference' as const, _ref: ref }
  // Key first, the way Sanity Studio writes array members.
  const field: ImageField = extra._key ? { _type: 'image', _key: extra._key, asset, alt } : { _type: 'image', asset, alt }
  if (extra.caption) field.caption = extra.caption
  if (extra.credit) field.credit = extra.credit
  return field
}

type Token = 'lede' | 'p' | 'g' | 'h1' | 'h2' | 'h3' | 'quote' | 'list' | 'image' | 'contact'

const SHAPES: Record<BodyShape, readonly Token[]> = {
  report: ['lede', 'p', 'h2', 'p', 'quote', 'p', 'g'],
  explainer: ['lede', 'h2', 'p', 'list', 'h3', 'p', 'quote'],
  longRead: ['h1', 'lede', 'p', 'image', 'h2', 'p', 'quote', 'h3', 'p'],
  brief: ['lede', 'p', 'quote', 'contact', 'p'],
  guide: ['lede', 'p', 'h2', 'list', 'p', 'g'],
  opinion: ['lede', 'p', 'p', 'quote', 'h2', 'p', 'p'],
  picture: ['lede', 'image', 'p', 'image', 'h3', 'p', 'image'],
}

const NEWS_DESK_PARAGRAPHS: readonly string[] = [...GENERIC_PARAGRAPHS, ...NEWS_PARAGRAPHS]

export interface BodyOptions {
  rng: Rng
  fill: Fill
  pool: SectionPool
  story: StoryTemplate
  shape: BodyShape
  minBlocks: number
  maxBlocks: number
  /** Supplies inline images; when it returns nothing the slot becomes a paragraph. */
  nextImage?: () => BodyImage | undefined
}

/** A Portable Text body of between `minBlocks` and `maxBlocks` nodes (list items count one each). */
export function buildBody(options: BodyOptions): BodyNode[] {
  const { rng, fill, pool, story, minBlocks, maxBlocks } = options
  const tokens = SHAPES[options.shape].slice()
  const list = rng.pick(pool.lists)
  let listLength = tokens.includes('list') ? list.items.length : 0
  const count = (): number => tokens.length - (listLength > 0 ? 1 : 0) + listLength

  while (count() > maxBlocks && listLength > 2) listLength--
  while (count() > maxBlocks) {
    const drop = tokens.lastIndexOf('p') >= 0 ? tokens.lastIndexOf('p') : tokens.lastIndexOf('g')
    if (drop < 0) break
    tokens.splice(drop, 1)
  }
  while (count() < minBlocks) tokens.splice(tokens.length - 1, 0, rng.chance(0.7) ? 'p' : 'g')

  const paragraphs = rng.shuffle(pool.paragraphs)
  const generic = rng.shuffle(story.desk === 'news' ? NEWS_DESK_PARAGRAPHS : GENERIC_PARAGRAPHS)
  const headings = rng.shuffle(pool.headings)
  let nextParagraph = 0
  let nextGeneric = 0
  let nextHeading = 0
  const paragraph = (): string => paragraphs[nextParagraph++] ?? generic[nextGeneric++] ?? CONTACT_PARAGRAPH
  const genericParagraph = (): string => generic[nextGeneric++] ?? paragraphs[nextParagraph++] ?? CONTACT_PARAGRAPH
  const heading = (): string => headings[nextHeading++ % headings.length] as string

  const body: BodyNode[] = []
  for (const token of tokens) {
    switch (token) {
      case 'lede':
        body.push(textBlock(rng, story.detail, fill))
        break
      case 'p':
        body.push(textBlock(rng, paragraph(), fill))
        break
      case 'g':
        body.push(textBlock(rng, genericParagraph(), fill))
        break
      case 'contact':
        body.push(textBlock(rng, CONTACT_PARAGRAPH, fill))
        break
      case 'h1':
      case 'h2':
      case 'h3':
        body.push(textBlock(rng, heading(), fill, token))
        break
      case 'quote': {
        const quote = rng.pick(pool.quotes)
        body.push(quoteBlock(rng, quote.text, quote.by, fill))
        break
      }
      case 'list':
        for (const item of list.items.slice(0, listLength)) body.push(textBlock(rng, item, fill, 'normal', list.style))
        break
      case 'image': {
        const image = options.nextImage?.()
        if (image) {
          const extra = image.caption ? { _key: rng.key(), caption: image.caption } : { _key: rng.key() }
          body.push(imageField(image.ref, image.alt, image.credit ? { ...extra, credit: image.credit } : extra))
        } else {
          body.push(textBlock(rng, paragraph(), fill))
        }
        break
      }
    }
  }
  return body
}

/** Gallery articles read as picture stories; everything else takes a layout that suits its section. */
export function shapeFor(rng: Rng, pool: SectionPool, mediaType: 'article' | 'video' | 'gallery'): BodyShape {
  if (mediaType === 'gallery') return 'picture'
  return rng.pick(pool.shapes)
}

/** Read counts either side of the trending threshold, or none at all. */
export function drawReadCount(rng: Rng): number | undefined {
  const roll = rng.next()
  if (roll < 0.6) return Math.round(Math.exp(rng.float(Math.log(trendingMinimumReads + 1), Math.log(60000))))
  if (roll < 0.8) return rng.int(1, trendingMinimumReads)
  return undefined
}

const round3 = (value: number): number => Math.round(value * 1000) / 1000

/** Editors' crops trim a little from each edge; the hotspot keeps the subject near the middle. */
export function addCropAndHotspot(rng: Rng, image: ImageField): void {
  image.crop = {
    top: round3(rng.float(0, 0.1)),
    bottom: round3(rng.float(0, 0.1)),
    left: round3(rng.float(0, 0.1)),
    right: round3(rng.float(0, 0.1)),
  }
  image.hotspot = {
    x: round3(rng.float(0.35, 0.65)),
    y: round3(rng.float(0.3, 0.6)),
    width: round3(rng.float(0.3, 0.7)),
    height: round3(rng.float(0.3, 0.7)),
  }
}
