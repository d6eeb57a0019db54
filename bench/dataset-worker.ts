// The dataset builder process: see dataset.ts.

import { createHash, randomUUID } from 'node:crypto'
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { syntheticArticles } from '../server/seed/synthetic.ts'
import { Store } from '../server/store/store.ts'
import type { DatasetInfo, DatasetOptions } from './dataset.ts'
import { serveWork } from './worker.ts'

const CATEGORIES: Array<[title: string, kind: 'section' | 'topic' | 'desk']> = [
  ['News', 'section'],
  ['Politics', 'section'],
  ['Business', 'section'],
  ['Culture', 'section'],
  ['Sport', 'section'],
  ['Transport', 'topic'],
  ['Housing', 'topic'],
  ['Climate', 'topic'],
  ['Features', 'desk'],
  ['Opinion', 'desk'],
  ['Podcasts', 'desk'],
  ['Video', 'desk'],
]

const AUTHORS = ['Amara Okafor', 'Tom Hadley', 'Priya Raman', 'Callum Reid', 'Sofia Marin', 'Daniel Osei', 'Hannah Lowe', 'Yusuf Demir', 'Grace Whitfield', 'Leo Brennan']

const slug = (text: string) => ({ _type: 'slug', current: text.toLowerCase().replace(/[^a-z0-9]+/g, '-') })

/** `sanity.imageAsset` documents shaped as an upload makes them (no file on disk: queries only read the documents). */
function imageAssets(dataset: string, count: number): Array<Record<string, unknown> & { _id: string }> {
  return Array.from({ length: count }, (_, i) => {
    const sha1 = createHash('sha1').update(`bench-image-${i}`).digest('hex')
    const file = `${sha1}-1600x900.jpg`
    return {
      _id: `image-${sha1}-1600x900-jpg`,
      _type: 'sanity.imageAsset',
      assetId: sha1,
      sha1hash: sha1,
      extension: 'jpg',
      mimeType: 'image/jpeg',
      size: 180_000 + i * 1_000,
      originalFilename: `bench-${i}.jpg`,
      uploadId: randomUUID(),
      path: `images/resonance/${dataset}/${file}`,
      url: `http://localhost:3000/images/resonance/${dataset}/${file}`,
      metadata: {
        _type: 'sanity.imageMetadata',
        dimensions: { _type: 'sanity.imageDimensions', width: 1600, height: 900, aspectRatio: 1.7778 },
        hasAlpha: false,
        isOpaque: true,
      },
    }
  })
}

serveWork<DatasetOptions, DatasetInfo>(async (options) => {
  const store = new Store(options.dataDir)
  try {
    store.createDataset(options.dataset)
    const images = imageAssets(options.dataset, 6)
    const categories = CATEGORIES.map(([title, kind]) => ({ _id: randomUUID(), _type: 'category', title, slug: slug(title), kind }))
    const authors = AUTHORS.map((name, i) => ({
      _id: randomUUID(),
      _type: 'author',
      name,
      slug: slug(name),
      ...(i < 4 ? { image: { _type: 'image', asset: { _type: 'reference', _ref: images[i]!._id } } } : {}),
    }))
    await store.commit(options.dataset, [...images, ...categories, ...authors].map((doc) => ({ createOrReplace: doc })), { identity: 'bench' })

    // Generated and committed a chunk at a time: a million articles are never held at once.
    const articles = syntheticArticles({
      count: options.articles,
      now: new Date(),
      imageRefs: images.map((image) => image._id),
      authorIds: authors.map((author) => author._id),
      categoryIds: categories.map((category) => category._id),
    })
    const step = Math.max(1, Math.floor(options.articles / 100))
    const sample: DatasetInfo['sample'] = []
    let generateMs = 0
    let commitMs = 0
    let index = 0
    for (let done = false; !done; ) {
      let started = performance.now()
      const chunk: Array<Record<string, unknown> & { _id: string }> = []
      while (chunk.length < options.chunk) {
        const next = articles.next()
        if (next.done) {
          done = true
          break
        }
        const doc = next.value
        chunk.push(doc)
        // The first published article at or after each hundredth of the dataset, newest first.
        const current = (doc.slug as { current?: unknown } | undefined)?.current
        if (sample.length < 100 && index >= sample.length * step && !doc._id.includes('.') && typeof current === 'string') sample.push({ id: doc._id, slug: current })
        index++
      }
      generateMs += performance.now() - started
      if (chunk.length === 0) break
      started = performance.now()
      await store.commit(options.dataset, chunk.map((doc) => ({ createOrReplace: doc })), { identity: 'bench' })
      commitMs += performance.now() - started
    }

    return {
      documents: store.dataset(options.dataset).docs.size,
      articles: index,
      generateMs,
      commitMs,
      databaseBytes: ['content.db', 'content.db-wal'].reduce((sum, name) => {
        try {
          return sum + statSync(join(options.dataDir, name)).size
        } catch {
          return sum
        }
      }, 0),
      sample,
    }
  } finally {
    store.close()
  }
})
