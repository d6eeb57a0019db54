// Large datasets for the benchmark: articles shaped like the demo ones, built from the same word
// pools, but synchronous and without images of their own (the caller passes asset ids to reuse),
// so 100,000 of them take seconds rather than minutes.

import { addCropAndHotspot, buildBody, createFill, drawReadCount, imageField, plainText, shapeFor, type BodyImage } from './compose.ts'
import { slugify } from '../../shared/slug.ts'
import { createRng, type Rng } from './random.ts'
import { IMAGE_CAPTIONS, SECTION_POOLS, type SectionPool, type StoryTemplate } from './text.ts'
import type { Article, Reference } from '../../shared/schema.ts'

export interface SyntheticOptions {
  count: number
  now: Date
  seed?: number
  imageRefs: string[]
  authorIds: string[]
  categoryIds: string[]
}

export type SyntheticArticle = { _id: string; _type: 'article'; [key: string]: unknown }

export const DEFAULT_SYNTHETIC_SEED = 20250101

/**
 * Shares of the set carrying each flag an editor leaves on: a paper's editors rarely take a
 * featured or latest flag off an old story, so an archive holds thousands of them.
 */
export const SYNTHETIC_RATES = { featured: 0.02, latest: 0.03, video: 0.05, gallery: 0.02 } as const

/**
 * The breaking story and the lead, as the homepage's rules allow them: one of each, among the ten
 * newest, whatever the archive's size (an archive with more is one the rules refuse).
 */
export const SYNTHETIC_FLAGS = { breaking: 1, lead: 1, fresh: 10 } as const

const MINUTE_S = 60
const SPAN_FLOOR_S = 90 * 24 * 60 * 60
/** One article every quarter of an hour on average, so 100,000 articles reach back about three years. */
const SPACING_S = 15 * 60

/** Articles this recent carry reads of the last 24 hours, as do this share of older ones. */
const RECENTLY_READ_S = 2 * 24 * 60 * 60
const RECENTLY_READ_OLDER_SHARE = 0.005

/** `how` of the indices below `within` (all of them when there are fewer), none of `taken`. */
function pickIndices(rng: Rng, within: number, how: number, taken: ReadonlySet<number> = new Set()): Set<number> {
  const free = Array.from({ length: within }, (_, i) => i).filter((i) => !taken.has(i))
  return new Set(rng.sample(free, Math.min(how, free.length)))
}

/** `count` articles shaped like the demo ones (same fields, flags in similar proportions, bodies of 6-10 blocks), for datasets of 1,000 to 1,000,000. */
export function buildSyntheticArticles(options: SyntheticOptions): SyntheticArticle[] {
  return Array.from(syntheticArticles(options))
}

/**
 * The same articles one at a time, newest first: a million of them (about 10 GiB as objects) are
 * committed in chunks without ever being held at once.
 */
export function* syntheticArticles(options: SyntheticOptions): Generator<SyntheticArticle> {
  const { count, imageRefs, authorIds, categoryIds } = options
  if (!Number.isInteger(count) || count < 0) throw new Error(`count must be a non-negative integer, got ${count}`)
  const rng = createRng(options.seed ?? DEFAULT_SYNTHETIC_SEED)
  const ids = rng.fork('ids')
  const flags = rng.fork('flags')
  const nowMs = options.now.getTime()
  const stories: Array<{ pool: SectionPool; story: StoryTemplate }> = SECTION_POOLS.flatMap((pool) =>
    pool.stories.map((story) => ({ pool, story })),
  )

  // Index 0 is the newest; each article owns a disjoint time bucket, so timestamps never tie.
  const bucket = Math.max(1, Math.floor(Math.max(SPAN_FLOOR_S, count * SPACING_S) / Math.max(count, 1)))
  const homepage = rng.fork('homepage')
  const fresh = Math.min(count, SYNTHETIC_FLAGS.fresh)
  const breaking = pickIndices(homepage, fresh, SYNTHETIC_FLAGS.breaking)
  const leads = pickIndices(homepage, fresh, SYNTHETIC_FLAGS.lead, breaking)

  for (let index = 0; index < count; index++) {
    const { pool, story } = rng.pick(stories)
    const fill = createFill(rng)
    const title = plainText(story.headline, fill)
    const slug = `${slugify(title, 72)}-${index.toString(36)}`
    const offsetS = MINUTE_S + index * bucket + rng.int(0, bucket - 1)
    const roll = flags.next()
    const mediaType = roll < SYNTHETIC_RATES.video ? 'video' : roll < SYNTHETIC_RATES.video + SYNTHETIC_RATES.gallery ? 'gallery' : 'article'

    const doc: Article = {
      _id: ids.uuid(),
      _type: 'article',
      title,
      slug: { _type: 'slug', current: slug },
      publishedAt: new Date(nowMs - offsetS * 1000).toISOString(),
      excerpt: plainText(story.excerpt, fill),
    }
    if (imageRefs.length > 0 && rng.chance(0.9)) {
      const image = imageField(rng.pick(imageRefs), rng.pick(IMAGE_CAPTIONS[story.theme]))
      if (rng.chance(0.3)) addCropAndHotspot(rng, image)
      doc.mainImage = image
    }
    if (authorIds.length > 0 && rng.chance(0.9)) doc.author = { _type: 'reference', _ref: rng.pick(authorIds) }
    if (categoryIds.length > 0) {
      // The caller's ids carry no kind, so any one to three of them will do.
      doc.categories = rng
        .sample(categoryIds, rng.int(1, 3))
        .map((id): Reference => ({ _type: 'reference', _ref: id, _key: rng.key() }))
    }
    const nextImage = (): BodyImage | undefined =>
      imageRefs.length > 0 ? { ref: rng.pick(imageRefs), alt: rng.pick(IMAGE_CAPTIONS[story.theme]) } : undefined
    doc.body = buildBody({ rng, fill, pool, story, shape: shapeFor(rng, pool, mediaType), minBlocks: 6, maxBlocks: 10, nextImage })
    doc.isBreakingNews = breaking.has(index)
    doc.isLeadStory = leads.has(index)
    doc.isFeatured = flags.chance(SYNTHETIC_RATES.featured)
    doc.isLatestUpdate = flags.chance(SYNTHETIC_RATES.latest)
    doc.mediaType = mediaType
    if (mediaType === 'video') doc.videoUrl = `https://media.resonance.example/video/${slug}.mp4`
    const reads = drawReadCount(flags)
    if (reads !== undefined) {
      // As the read counter leaves them: every read ever, and a share of them in the last 24 hours
      // for the last two days' stories and a few older ones (an archive's long tail), not for the
      // whole archive: the counter rewrites every document whose last day changes.
      doc.readCount = reads
      const lastDay = Math.round(reads * flags.float(0, 0.5))
      if (flags.chance(RECENTLY_READ_OLDER_SHARE) || offsetS < RECENTLY_READ_S) doc.readsLastDay = lastDay
    }
    yield doc as unknown as SyntheticArticle
  }
}
