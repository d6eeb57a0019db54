import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Article, Author, BodyNode, Category, ImageField, ImageGallery, LiveUpdate, PortableTextBlock } from '../../shared/schema.ts'
import { boundProblem } from '../store/bounds.ts'
import type { Doc } from '../store/mutations.ts'
import { buildDemoDataset, DEFAULT_DEMO_SEED, DEMO_CATEGORIES, type SeedDocument, type SeedImage } from './demo.ts'
import { IMAGE_THEMES, renderArticleImage, renderGalleryImage, renderPortrait } from './images.ts'

const NOW = new Date('2025-03-14T12:00:00.000Z')
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const SLUG = /^[a-z0-9-]{3,}$/
const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

interface Upload {
  id: string
  filename: string
  format: string | undefined
  width: number | undefined
  height: number | undefined
}

/** Stands in for the asset store the way the brief describes it: sha1 of the bytes plus real dimensions. */
function assetRecorder() {
  const uploads: Upload[] = []
  const uploadImage = async (image: SeedImage): Promise<{ _id: string }> => {
    const meta = await sharp(image.buffer).metadata()
    const sha1 = createHash('sha1').update(image.buffer).digest('hex')
    const id = `image-${sha1}-${meta.width}x${meta.height}-jpg`
    uploads.push({ id, filename: image.filename, format: meta.format, width: meta.width, height: meta.height })
    return { _id: id }
  }
  const clips: Array<{ id: string; buffer: Buffer }> = []
  const uploadVideo = async (clip: SeedImage): Promise<{ _id: string }> => {
    const id = `file-${createHash('sha1').update(clip.buffer).digest('hex')}-mp4`
    clips.push({ id, buffer: clip.buffer })
    return { _id: id }
  }
  return { uploads, uploadImage, clips, uploadVideo }
}

let docs: SeedDocument[]
let uploads: Upload[]
let clips: Array<{ id: string; buffer: Buffer }>
let categories: Category[]
let authors: Author[]
let articles: Article[]
let galleries: ImageGallery[]

beforeAll(async () => {
  const recorder = assetRecorder()
  docs = await buildDemoDataset({ now: NOW, uploadImage: recorder.uploadImage, uploadVideo: recorder.uploadVideo })
  uploads = recorder.uploads
  clips = recorder.clips
  const ofType = <T>(type: string): T[] => docs.filter((doc) => doc._type === type) as unknown as T[]
  categories = ofType<Category>('category')
  authors = ofType<Author>('author')
  articles = ofType<Article>('article')
  galleries = ofType<ImageGallery>('imageGallery')
}, 60_000)

const isBlock = (node: BodyNode): node is PortableTextBlock => node._type === 'block'
const blocks = (): PortableTextBlock[] => articles.flatMap((article) => (article.body ?? []).filter(isBlock))
const ageMs = (article: { publishedAt: string }): number => NOW.getTime() - Date.parse(article.publishedAt)
const categoryBySlug = (slug: string): Category => {
  const category = categories.find((candidate) => candidate.slug.current === slug)
  if (!category) throw new Error(`no category ${slug}`)
  return category
}

/** Every string a reader can see: titles, excerpts, spans, bios, descriptions, captions and alt text. */
function visibleText(): string[] {
  const texts: string[] = []
  const visit = (value: unknown, key: string): void => {
    if (typeof value === 'string') {
      if (['title', 'excerpt', 'text', 'bio', 'description', 'caption', 'alt', 'name'].includes(key)) texts.push(value)
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, key)
    } else if (value && typeof value === 'object') {
      for (const [childKey, child] of Object.entries(value)) visit(child, childKey)
    }
  }
  visit(docs, '')
  return texts
}

describe('buildDemoDataset', () => {
  it('builds a newspaper-sized dataset in a few seconds', () => {
    expect(articles.length).toBeGreaterThanOrEqual(80)
    expect(authors.length).toBeGreaterThanOrEqual(8)
    expect(authors.length).toBeLessThanOrEqual(12)
    expect(galleries.length).toBeGreaterThanOrEqual(4)
    expect(galleries.length).toBeLessThanOrEqual(6)
    expect(categories).toHaveLength(DEMO_CATEGORIES.length)
  })

  it('gives every document a UUID id, unique across the dataset', () => {
    for (const doc of docs) expect(doc._id).toMatch(UUID)
    expect(new Set(docs.map((doc) => doc._id)).size).toBe(docs.length)
  })

  it('names categories after the header: section paths, topic and desk titles', () => {
    const byKind = (kind: Category['kind']) => categories.filter((category) => category.kind === kind)
    expect(byKind('section').map((category) => category.slug.current)).toEqual([
      'uk', 'world', 'comment', 'life-style', 'business', 'sport', 'culture', 'travel',
    ])
    expect(byKind('section').map((category) => category.title)).toEqual([
      'UK', 'World', 'Comment', 'Life & Style', 'Business & Money', 'Sport', 'Culture', 'Travel',
    ])
    const topics = byKind('topic')
    expect(topics.map((category) => category.title)).toEqual(['News & Politics', 'Film & Television', 'Sports', 'Pop Culture', 'Events'])
    for (const topic of topics) {
      expect(topic.slug.current).toBe(topic.title.toLowerCase().replace(/ & /g, '-').replace(/ /g, '-'))
    }
    expect(byKind('desk').map((category) => category.slug.current)).toEqual([
      'news', 'features', 'opinion', 'podcasts', 'music', 'puzzles', 'magazines',
    ])
    for (const category of categories) {
      expect(category.description).toMatch(/^[A-Z].{10,}\.$/)
      expect(category.description).not.toContain('\n')
    }
  })

  it('files articles under every section, topic and desk except Puzzles and Magazines', () => {
    const counts = new Map(categories.map((category) => [category._id, 0]))
    for (const article of articles) {
      for (const category of article.categories ?? []) counts.set(category._ref, (counts.get(category._ref) ?? 0) + 1)
    }
    for (const category of categories) {
      const count = counts.get(category._id) ?? 0
      if (category.slug.current === 'puzzles' || category.slug.current === 'magazines') expect(count, category.title).toBe(0)
      else expect(count, category.title).toBeGreaterThan(0)
    }
    for (const slug of ['uk', 'world', 'comment', 'life-style', 'business', 'sport', 'culture', 'travel']) {
      expect(counts.get(categoryBySlug(slug)._id), slug).toBeGreaterThanOrEqual(8)
    }
    // The section comes first: the homepage labels a card with its first category.
    const sections = new Set(categories.filter((category) => category.kind === 'section').map((category) => category._id))
    for (const article of articles) expect(sections.has(article.categories?.[0]?._ref ?? '')).toBe(true)
    for (const gallery of galleries) {
      for (const category of gallery.categories ?? []) {
        expect(['puzzles', 'magazines']).not.toContain(categories.find((c) => c._id === category._ref)?.slug.current)
      }
    }
  })

  it('gives every article, author, category and gallery a unique URL-safe slug', () => {
    const groups: Array<[Array<{ slug: { _type: string; current: string } }>, RegExp]> = [
      [articles, SLUG],
      [galleries, SLUG],
      [authors, SLUG],
      // The header's /uk path is the one slug shorter than three characters.
      [categories, /^[a-z0-9-]{2,}$/],
    ]
    for (const [group, pattern] of groups) {
      const slugs = group.map((doc) => doc.slug.current)
      for (const doc of group) expect(doc.slug._type).toBe('slug')
      for (const slug of slugs) {
        expect(slug).toMatch(pattern)
        expect(slug.length).toBeLessThanOrEqual(80)
        expect(slug).not.toMatch(/--|^-|-$/)
      }
      expect(new Set(slugs).size).toBe(slugs.length)
    }
  })

  it('writes unique headlines and varied bodies', () => {
    expect(new Set(articles.map((article) => article.title)).size).toBe(articles.length)
    const openings = articles.map((article) => {
      const first = (article.body ?? []).filter(isBlock).find((block) => block.style === 'normal')
      return first?.children.map((span) => span.text).join('') ?? ''
    })
    expect(new Set(openings).size).toBe(articles.length)
    const bodies = articles.map((article) => JSON.stringify((article.body ?? []).filter(isBlock).map((block) => block.children.map((span) => span.text))))
    expect(new Set(bodies).size).toBe(articles.length)
  })

  it('keeps within the bounds the service holds every write to (slugs, titles, excerpts)', () => {
    const broken = docs.flatMap((doc) => {
      const problem = boundProblem({ id: String(doc._id), before: null, after: doc as unknown as Doc, mutations: [0] })
      return problem ? [`${String(doc._id)}: ${problem.message}`] : []
    })
    expect(broken).toEqual([])
  })

  it('writes plain-text excerpts of one or two sentences', () => {
    for (const article of articles) {
      const excerpt = article.excerpt ?? ''
      expect(excerpt.length, article.title).toBeGreaterThan(40)
      expect(excerpt, article.title).not.toMatch(/[<>*[\]{}]/)
      const sentences = excerpt.split(/(?<=[.!?])\s+(?=[A-Z‘“])/)
      expect(sentences.length, excerpt).toBeGreaterThanOrEqual(1)
      expect(sentences.length, excerpt).toBeLessThanOrEqual(2)
    }
  })

  it('resolves every reference to a document in the set or an uploaded asset', () => {
    const ids = new Set(docs.map((doc) => doc._id))
    const assets = new Set([...uploads.map((upload) => upload.id), ...clips.map((clip) => clip.id)])
    let references = 0
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) {
        for (const item of value) visit(item)
      } else if (value && typeof value === 'object') {
        const record = value as Record<string, unknown>
        if (record._type === 'reference') {
          references++
          const target = record._ref as string
          expect(/^(image|file)-/.test(target) ? assets.has(target) : ids.has(target), target).toBe(true)
        }
        for (const child of Object.values(record)) visit(child)
      }
    }
    visit(docs)
    expect(references).toBeGreaterThan(articles.length * 3)
  })

  it('keys every array member and every Portable Text block, span and link', () => {
    for (const article of articles) {
      const body = article.body ?? []
      expect(body.length, article.title).toBeGreaterThanOrEqual(5)
      expect(body.length, article.title).toBeLessThanOrEqual(12)
      expect(new Set(body.map((node) => node._key)).size).toBe(body.length)
      for (const category of article.categories ?? []) expect(category._key).toMatch(/^[0-9a-f]{12}$/)
      for (const node of body) {
        expect(node._key).toMatch(/^[0-9a-f]{12}$/)
        if (!isBlock(node)) continue
        expect(['normal', 'h1', 'h2', 'h3', 'blockquote']).toContain(node.style)
        expect(Array.isArray(node.markDefs)).toBe(true)
        expect(node.children.length).toBeGreaterThan(0)
        const defs = new Set(node.markDefs.map((def) => def._key))
        for (const def of node.markDefs) {
          expect(def._type).toBe('link')
          expect(def._key).toMatch(/^[0-9a-f]{12}$/)
        }
        for (const span of node.children) {
          expect(span._type).toBe('span')
          expect(span._key).toMatch(/^[0-9a-f]{12}$/)
          expect(span.text.length).toBeGreaterThan(0)
          for (const mark of span.marks) expect(mark === 'strong' || mark === 'em' || defs.has(mark), mark).toBe(true)
        }
        if (node.listItem) {
          expect(['bullet', 'number']).toContain(node.listItem)
          expect(node.level).toBe(1)
        }
      }
    }
    for (const gallery of galleries) {
      for (const image of gallery.images) expect(image._key).toMatch(/^[0-9a-f]{12}$/)
    }
  })

  it('uses every rich-text feature the article page renders', () => {
    const all = blocks()
    for (const style of ['h1', 'h2', 'h3', 'blockquote'] as const) {
      expect(all.filter((block) => block.style === style).length, style).toBeGreaterThanOrEqual(3)
    }
    const marks = all.flatMap((block) => block.children.flatMap((span) => span.marks))
    expect(marks).toContain('strong')
    expect(marks).toContain('em')
    const hrefs = all.flatMap((block) => block.markDefs.map((def) => def.href))
    expect(hrefs.filter((href) => href.startsWith('https://')).length).toBeGreaterThanOrEqual(5)
    expect(hrefs.some((href) => href.startsWith('mailto:'))).toBe(true)
    expect(hrefs.some((href) => href.startsWith('tel:'))).toBe(true)
    for (const href of hrefs) expect(href).toMatch(/^(https:\/\/[a-z0-9.-]+\.[a-z]+(\/[\w/.-]*)?|mailto:[\w.]+@[\w.]+|tel:\+\d+)$/)

    const withList = (style: 'bullet' | 'number') =>
      articles.filter((article) => (article.body ?? []).some((node) => isBlock(node) && node.listItem === style)).length
    expect(withList('bullet')).toBeGreaterThanOrEqual(2)
    expect(withList('number')).toBeGreaterThanOrEqual(2)
    expect(withList('bullet') + withList('number')).toBeLessThan(articles.length)

    const inline = articles.flatMap((article) => (article.body ?? []).filter((node): node is ImageField => node._type === 'image'))
    expect(inline.length).toBeGreaterThanOrEqual(3)
    for (const image of inline) {
      expect(image.asset._type).toBe('reference')
      expect(image.alt).toMatch(/\w{3,}/)
    }
    const articlesWithInline = articles.filter((article) => (article.body ?? []).some((node) => node._type === 'image'))
    expect(articlesWithInline.length).toBeLessThan(articles.length / 2)
  })

  it('writes in British English with every placeholder filled', () => {
    const text = visibleText().join('\n')
    const american = [
      /\bcolor/i, /\bcenter/i, /\borganiz/i, /\bfavorite/i, /\bneighbor/i, /\btheater/i, /\bprogram\b/i,
      /\bdefense\b/i, /\banalyz/i, /\btraveler/i, /\bcanceled\b/i, /\blicense\b/i, /\brealiz/i, /\bapologiz/i,
      /\bliter\b/i, /\bmeter\b/i, /\bgray\b/i, /\bjewelry\b/i, /\bcatalog\b/i,
    ]
    for (const pattern of american) expect(text, String(pattern)).not.toMatch(pattern)
    for (const british of [/\bcolour/, /\bprogramme/, /\bcentre/, /\borganis/]) expect(text).toMatch(british)
    expect(text).not.toMatch(/[{}]|\*\*|\]\(/)
  })

  it('flags stories for every homepage rule', () => {
    // One story holds each single slot, so the homepage reports no rule violation.
    const breaking = articles.filter((article) => article.isBreakingNews === true)
    expect(breaking).toHaveLength(1)
    // The live blog, so a new reader sees LIVE and its newest updates on the homepage.
    expect(breaking[0]?.isLiveBlog).toBe(true)

    const leads = articles.filter((article) => article.isLeadStory === true)
    expect(leads).toHaveLength(1)
    expect(leads.some((article) => article.isFeatured === true)).toBe(true)

    const featuredNotLead = articles.filter((article) => article.isFeatured === true && article.isLeadStory !== true)
    expect(featuredNotLead.length).toBeGreaterThan(3)
    expect(articles.filter((article) => article.isLatestUpdate === true).length).toBeGreaterThan(5)

    const videos = articles.filter((article) => article.mediaType === 'video')
    expect(videos.length).toBeGreaterThan(4)
    const clipIds = clips.map((clip) => clip.id)
    for (const video of videos) {
      expect(video.video?._type).toBe('file')
      expect(clipIds).toContain(video.video?.asset._ref)
      expect(video.videoUrl).toBeUndefined()
    }
    for (const article of articles.filter((candidate) => candidate.mediaType !== 'video')) expect(article.video).toBeUndefined()
    expect(articles.filter((article) => article.mediaType === 'gallery').length).toBeGreaterThanOrEqual(2)
    for (const article of articles) expect(['article', 'video', 'gallery']).toContain(article.mediaType)

    for (const article of articles) {
      for (const flag of ['isBreakingNews', 'isLeadStory', 'isFeatured', 'isLatestUpdate'] as const) {
        expect(typeof article[flag]).toBe('boolean')
      }
    }
    // Reads are counted, never invented: a new paper has none, so nothing is trending yet.
    for (const article of articles) {
      expect(article.readCount).toBeUndefined()
      expect(article.readsLastDay).toBeUndefined()
    }

    const nowhere = articles.filter(
      (article) => !article.isBreakingNews && !article.isLeadStory && !article.isFeatured && !article.isLatestUpdate && article.mediaType !== 'video',
    )
    expect(nowhere.length).toBeGreaterThanOrEqual(3)
  })

  it('runs one live blog of a dozen updates over the last hours, one pinned and some key events', () => {
    const blogs = articles.filter((article) => article.isLiveBlog === true)
    expect(blogs).toHaveLength(1)
    const blog = blogs[0] as Article
    expect(blog.liveBlogEndedAt).toBeUndefined()
    const updates = docs.filter((doc) => doc._type === 'liveUpdate') as unknown as LiveUpdate[]
    expect(updates).toHaveLength(12)
    for (const update of updates) {
      expect(update.liveBlog._ref).toBe(blog._id)
      expect(ageMs(update)).toBeGreaterThan(0)
      expect(ageMs(update)).toBeLessThan(4 * HOUR)
      expect(update.body.length).toBeGreaterThan(0)
    }
    expect(updates.filter((update) => update.isPinned)).toHaveLength(1)
    expect(updates.filter((update) => update.isKeyEvent).length).toBeGreaterThanOrEqual(3)
    expect(updates.filter((update) => update.headline).length).toBeGreaterThan(updates.length / 2)
    expect(updates.filter((update) => update.updatedAt)).toHaveLength(1)
  })

  it('spreads unique publication times from minutes to months ago', () => {
    for (const doc of [...articles, ...galleries]) expect(doc.publishedAt).toBe(new Date(Date.parse(doc.publishedAt)).toISOString())
    const ages = articles.map(ageMs)
    expect(new Set(articles.map((article) => article.publishedAt)).size).toBe(articles.length)
    expect(Math.min(...ages)).toBeGreaterThan(0)
    expect(Math.min(...ages)).toBeLessThan(HOUR)
    expect(Math.max(...ages)).toBeGreaterThan(60 * DAY)
    expect(ages.filter((age) => age < HOUR).length).toBeGreaterThanOrEqual(3)
    expect(ages.filter((age) => age < 7 * DAY).length).toBeGreaterThanOrEqual(30)
    expect(ages.filter((age) => age > 30 * DAY).length).toBeGreaterThanOrEqual(10)

    // The newest lead is the one the homepage keeps: make it fresh. The breaking story is the live
    // blog, started hours ago, whose newest update is minutes old.
    const newest = (list: Article[]) => Math.min(...list.map(ageMs))
    expect(newest(articles.filter((article) => article.isLeadStory))).toBeLessThan(HOUR)
    const breaking = articles.find((article) => article.isBreakingNews)
    const updates = docs.filter((doc) => doc._type === 'liveUpdate') as unknown as LiveUpdate[]
    expect(Math.min(...updates.filter((update) => update.liveBlog._ref === breaking?._id).map(ageMs))).toBeLessThan(HOUR)
  })

  it('bylines most articles and gives all but one author a portrait', () => {
    const authorIds = new Set(authors.map((author) => author._id))
    for (const author of authors) {
      expect(author.name).toMatch(/^\p{Lu}\p{Ll}+ [\p{L}-]+$/u)
      expect(author.bio?.length).toBeGreaterThan(30)
      expect(articles.some((article) => article.author?._ref === author._id), author.name).toBe(true)
    }
    expect(authors.filter((author) => author.image === undefined)).toHaveLength(1)
    for (const author of authors.filter((candidate) => candidate.image)) {
      expect(author.image?.alt).toBe(`Portrait of ${author.name}`)
      expect(author.image?.asset._ref).toMatch(/-400x400-jpg$/)
    }
    const unsigned = articles.filter((article) => article.author === undefined)
    expect(unsigned.length).toBeGreaterThanOrEqual(3)
    expect(unsigned.length).toBeLessThan(articles.length / 5)
    for (const article of articles) if (article.author) expect(authorIds.has(article.author._ref)).toBe(true)
  })

  it('illustrates most articles with a described, sometimes cropped, main image', () => {
    const withImage = articles.filter((article) => article.mainImage)
    expect(withImage.length).toBeGreaterThanOrEqual(articles.length * 0.85)
    expect(articles.length - withImage.length).toBeGreaterThanOrEqual(3)
    for (const article of articles.filter((candidate) => candidate.isLeadStory || candidate.isFeatured)) {
      expect(article.mainImage, article.title).toBeDefined()
    }
    for (const article of withImage) {
      const image = article.mainImage as ImageField
      expect(image._type).toBe('image')
      expect(image.asset._ref).toMatch(/^image-[0-9a-f]{40}-1600x900-jpg$/)
      expect(image.alt).toMatch(/^Illustration of /)
    }
    const cropped = withImage.filter((article) => article.mainImage?.crop)
    expect(cropped.length).toBeGreaterThanOrEqual(5)
    expect(cropped.length).toBeLessThan(withImage.length)
    for (const article of cropped) {
      const { crop, hotspot } = article.mainImage as Required<ImageField>
      for (const edge of [crop.top, crop.bottom, crop.left, crop.right]) expect(edge).toBeGreaterThanOrEqual(0)
      expect(crop.top + crop.bottom).toBeLessThan(1)
      expect(crop.left + crop.right).toBeLessThan(1)
      for (const value of [hotspot.x, hotspot.y, hotspot.width, hotspot.height]) {
        expect(value).toBeGreaterThan(0)
        expect(value).toBeLessThanOrEqual(1)
      }
    }
  })

  it('publishes photo essays of three to six captioned images', () => {
    const authorIds = new Set(authors.map((author) => author._id))
    for (const gallery of galleries) {
      expect(gallery.title.length).toBeGreaterThan(5)
      expect(gallery.description?.length).toBeGreaterThan(20)
      expect(gallery.images.length).toBeGreaterThanOrEqual(3)
      expect(gallery.images.length).toBeLessThanOrEqual(6)
      expect(authorIds.has(gallery.photographer?._ref ?? '')).toBe(true)
      expect(ageMs(gallery)).toBeGreaterThan(0)
      for (const image of gallery.images) {
        expect(image.asset._ref).toMatch(/^image-[0-9a-f]{40}-1600x1067-jpg$/)
        expect(image.alt).toMatch(/^Illustration of /)
        expect(image.caption?.length).toBeGreaterThan(10)
      }
    }
  })

  it('uploads each distinct image once, as a JPEG of the stated size', () => {
    expect(new Set(uploads.map((upload) => upload.id)).size).toBe(uploads.length)
    expect(new Set(uploads.map((upload) => upload.filename)).size).toBe(uploads.length)
    for (const upload of uploads) {
      expect(upload.format).toBe('jpeg')
      expect(upload.filename).toMatch(/^[a-z0-9-]+\.jpg$/)
    }
    const sized = (width: number, height: number) => uploads.filter((upload) => upload.width === width && upload.height === height).length
    expect(sized(1600, 900)).toBeGreaterThanOrEqual(20)
    expect(sized(400, 400)).toBe(authors.length - 1)
    expect(sized(1600, 1067)).toBeGreaterThanOrEqual(12)
    expect(sized(1600, 900) + sized(400, 400) + sized(1600, 1067)).toBe(uploads.length)
    // Every uploaded image is used somewhere.
    const json = JSON.stringify(docs)
    for (const upload of uploads) expect(json).toContain(upload.id)
  })

  it('is deterministic for a seed and a clock, and varies with the seed', async () => {
    const recorder = assetRecorder()
    const again = await buildDemoDataset({ now: NOW, uploadImage: recorder.uploadImage, uploadVideo: recorder.uploadVideo, seed: DEFAULT_DEMO_SEED })
    expect(again).toEqual(docs)
    const other = await buildDemoDataset({ now: NOW, uploadImage: assetRecorder().uploadImage, seed: 7 })
    expect(other.map((doc) => doc._id)).not.toEqual(docs.map((doc) => doc._id))
    const otherArticles = other.filter((doc) => doc._type === 'article') as unknown as Article[]
    expect(otherArticles.map((article) => article.title)).not.toEqual(articles.map((article) => article.title))
    // The homepage rules hold whatever the seed.
    const count = (list: Article[]) => ({
      breaking: list.filter((article) => article.isBreakingNews).length,
      lead: list.filter((article) => article.isLeadStory).length,
      featured: list.filter((article) => article.isFeatured && !article.isLeadStory).length,
      latest: list.filter((article) => article.isLatestUpdate).length,
      video: list.filter((article) => article.mediaType === 'video').length,
    })
    expect(count(otherArticles)).toEqual(count(articles))
  }, 60_000)
})

describe('image rendering', () => {
  const jpegSize = async (buffer: Buffer) => {
    expect(buffer.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))
    const meta = await sharp(buffer).metadata()
    expect(meta.format).toBe('jpeg')
    return `${meta.width}x${meta.height}`
  }

  it('renders article and gallery scenes for every theme, and portraits, at the stated sizes', async () => {
    for (const theme of IMAGE_THEMES) {
      expect(await jpegSize(await renderArticleImage(1, theme))).toBe('1600x900')
      expect(await jpegSize(await renderGalleryImage(1, theme))).toBe('1600x1067')
    }
    expect(await jpegSize(await renderArticleImage(1, 'an unknown theme'))).toBe('1600x900')
    expect(await jpegSize(await renderPortrait(1))).toBe('400x400')
  }, 30_000)

  it('varies pictures with the seed and repeats them for the same seed', async () => {
    const first = await renderArticleImage(11, 'skyline')
    expect((await renderArticleImage(11, 'skyline')).equals(first)).toBe(true)
    expect((await renderArticleImage(12, 'skyline')).equals(first)).toBe(false)
    expect((await renderPortrait(3)).equals(await renderPortrait(4))).toBe(false)
  }, 30_000)
})

describe('video clips and picture credits', () => {
  it('makes a few short MP4 clips, the newest video stories each with their own picture', async () => {
    expect(clips.length).toBeGreaterThanOrEqual(2)
    expect(clips.length).toBeLessThanOrEqual(4)
    for (const clip of clips) {
      expect(clip.buffer.toString('latin1', 4, 8)).toBe('ftyp')
      // Small enough to seed in a moment and to ship with every demo.
      expect(clip.buffer.length).toBeLessThan(250_000)
    }
    const newest = articles
      .filter((article) => article.mediaType === 'video')
      .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
      .slice(0, 2)
    expect(new Set(newest.map((article) => article.video?.asset._ref)).size).toBe(newest.length)
  })

  it('credits every article picture and every photo essay photograph to its photographer', () => {
    for (const article of articles) if (article.mainImage) expect(article.mainImage.credit).toMatch(/\S/)
    for (const gallery of galleries) {
      const photographer = authors.find((author) => author._id === gallery.photographer?._ref)
      for (const image of gallery.images) expect(image.credit).toBe(`${photographer?.name}/Resonance`)
    }
  })
})
