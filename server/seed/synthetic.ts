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

/** Shares of the set carrying each homepage flag, close to what a busy newsroom would have live. */
export const SYNTHETIC_RATES = { featured: 0.02, latest: 0.03, video: 0.05, gallery: 0.02 } as const

const MINUTE_S = 60
const SPAN_FLOOR_S = 90 * 24 * 60 * 60
/** One article every quarter of an hour on average, so 100,000 articles reach back about three years. */
const SPACING_S = 15 * 60

/** Articles this recent carry reads of the last 24 hours, as do this share of older ones. */
const RECENTLY_READ_S = 2 * 24 * 60 * 60
const RECENTLY_READ_OLDER_SHARE = 0.005

/** A handful, growing slowly with the size of the set: 4 for 1,000 articles, 6 for 100,000. */
function handful(count: number): number {
  return Math.min(count, Math.max(2, Math.min(8, Math.round(Math.log10(Math.max(count, 1))) + 1)))
}

function pickIndices(rng: Rng, count: number, how: number): Set<number> {
  const picked = new Set<number>()
  while (picked.size < how) picked.add(rng.int(0, count - 1))
  return picked
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
  const breaking = pickIndices(flags, count, handful(count))
  const leads = pickIndices(flags, count, handful(count))

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
