import { describe, expect, it } from 'vitest'
import { portableTextToEditor } from '../../article/portableText.ts'
import { documentFromValues, valuesFromDocument } from './document.ts'
import { authorId, body, categoryId, counter, otherCategoryId, validValues, withoutSpanKeys } from './validArticle.fixtures.ts'
import { toLocalInput } from './values.ts'

describe('stored article and form values', () => {
  const stored = {
    _id: 'a1',
    _type: 'article',
    _rev: 'r1',
    _createdAt: '2026-11-01T00:00:00Z',
    _updatedAt: '2026-11-02T00:00:00Z',
    title: 'Night buses return',
    slug: { _type: 'slug', current: 'night-buses-return' },
    publishedAt: '2026-11-21T08:30:00.000Z',
    excerpt: 'Services every twenty minutes.',
    mainImage: { _type: 'image', asset: { _type: 'reference', _ref: 'image-abc-1600x900-jpg' }, alt: 'A night bus', crop: { top: 0.1, bottom: 0, left: 0, right: 0 } },
    author: { _type: 'reference', _ref: authorId },
    categories: [
      { _type: 'reference', _ref: categoryId, _key: 'c1' },
      { _type: 'reference', _ref: otherCategoryId, _key: 'c2' },
    ],
    body,
    isLeadStory: true,
    isFeatured: false,
    mediaType: 'video',
    videoUrl: 'https://media.example/night.mp4',
    readCount: 4200,
  }

  it('reads the form’s values from the article', () => {
    const values = valuesFromDocument(stored, true)
    expect(values).toMatchObject({
      title: 'Night buses return',
      slug: 'night-buses-return',
      excerpt: 'Services every twenty minutes.',
      author_id: authorId,
      category_ids: [categoryId, otherCategoryId],
      published: true,
      is_lead_story: true,
      is_featured: false,
      is_breaking_news: false,
      is_latest_update: false,
      published_at: toLocalInput(new Date(stored.publishedAt)),
      media_type: 'video',
      video_url: 'https://media.example/night.mp4',
      main_image: { assetRef: 'image-abc-1600x900-jpg', alt: 'A night bus' },
    })
    expect(values.content).toEqual(portableTextToEditor(body))
  })

  it('writes the same article back when nothing was changed, keeping what the form does not edit', () => {
    const doc = documentFromValues(valuesFromDocument(stored, true), 'a1', stored, counter())
    const { _rev, _createdAt, _updatedAt, ...rest } = stored
    expect(_rev && _createdAt && _updatedAt).toBeTruthy()
    expect({ ...doc, body: withoutSpanKeys(doc.body) }).toEqual({ ...rest, body: withoutSpanKeys(rest.body), isBreakingNews: false, isLatestUpdate: false })
  })

  it('saves an untouched publish time as it was, seconds and all', () => {
    const precise = { ...stored, publishedAt: '2026-11-21T08:30:45.123Z' }
    expect(documentFromValues(valuesFromDocument(precise, true), 'a1', precise, counter()).publishedAt).toBe('2026-11-21T08:30:45.123Z')
  })

  it('writes the chosen categories in the form’s order, each one the article had with its key', () => {
    const thirdCategoryId = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b'
    const reordered = documentFromValues({ ...valuesFromDocument(stored, true), category_ids: [otherCategoryId, thirdCategoryId, categoryId] }, 'a1', stored, counter())
    expect(reordered.categories).toEqual([
      { _type: 'reference', _ref: otherCategoryId, _key: 'c2' },
      { _type: 'reference', _ref: thirdCategoryId, _key: 'k1' },
      { _type: 'reference', _ref: categoryId, _key: 'c1' },
    ])
    // One taken away is gone from the article, not kept out of sight.
    const fewer = documentFromValues({ ...valuesFromDocument(stored, true), category_ids: [otherCategoryId] }, 'a1', stored, counter())
    expect(fewer.categories).toEqual([{ _type: 'reference', _ref: otherCategoryId, _key: 'c2' }])
  })

  it('reads a category referenced twice once', () => {
    const twice = { ...stored, categories: [...stored.categories, { _type: 'reference', _ref: categoryId, _key: 'c3' }] }
    expect(valuesFromDocument(twice, true).category_ids).toEqual([categoryId, otherCategoryId])
  })

  it('leaves out what was emptied: excerpt, image, video address of a non-video', () => {
    const doc = documentFromValues({ ...valuesFromDocument(stored, true), excerpt: ' ', main_image: null, media_type: 'article' }, 'a1', stored, counter())
    expect(doc).not.toHaveProperty('excerpt')
    expect(doc).not.toHaveProperty('mainImage')
    expect(doc).not.toHaveProperty('videoUrl')
    expect(doc.mediaType).toBe('article')
  })

  it('reads and writes a video article’s uploaded file, as Sanity refers to a file, and the main image’s credit', () => {
    const videoRef = `file-${'d'.repeat(40)}-mp4`
    const withVideo = {
      ...stored,
      videoUrl: undefined,
      video: { _type: 'file', asset: { _type: 'reference', _ref: videoRef } },
      mainImage: { ...stored.mainImage, credit: 'Ruth Abara/Resonance' },
    }
    const values = valuesFromDocument(withVideo, true)
    expect(values.video).toEqual({ assetRef: videoRef })
    expect(values.main_image).toEqual({ assetRef: 'image-abc-1600x900-jpg', alt: 'A night bus', credit: 'Ruth Abara/Resonance' })
    const replaced = `file-${'e'.repeat(40)}-webm`
    const doc = documentFromValues({ ...values, video: { assetRef: replaced, filename: 'new.webm' }, main_image: { ...values.main_image!, credit: '  Kofi Mensah/Resonance ' } }, 'a1', withVideo, counter())
    expect(doc.video).toEqual({ _type: 'file', asset: { _type: 'reference', _ref: replaced } })
    expect(doc.mainImage).toEqual({ ...withVideo.mainImage, credit: 'Kofi Mensah/Resonance' })
    expect(doc).not.toHaveProperty('videoUrl')
    const cleared = documentFromValues({ ...values, main_image: { ...values.main_image!, credit: '' } }, 'a1', withVideo, counter())
    expect(cleared.mainImage).not.toHaveProperty('credit')
    const article = documentFromValues({ ...values, media_type: 'article' }, 'a1', withVideo, counter())
    expect(article).not.toHaveProperty('video')
  })

  it('writes a new article’s references and flags', () => {
    const doc = documentFromValues(validValues({ is_featured: true, main_image: { assetRef: 'image-def-800x600-png', alt: ' Described ' } }), 'new-id', {}, counter())
    expect(doc).toMatchObject({
      _id: 'new-id',
      _type: 'article',
      slug: { _type: 'slug', current: 'night-buses-return' },
      author: { _type: 'reference', _ref: authorId },
      categories: [{ _type: 'reference', _ref: categoryId, _key: 'k1' }],
      isFeatured: true,
      isLeadStory: false,
      mediaType: 'article',
      mainImage: { _type: 'image', asset: { _type: 'reference', _ref: 'image-def-800x600-png' }, alt: 'Described' },
    })
  })
})
