import { execFile } from 'node:child_process'
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { promisify } from 'node:util'
import sharp from 'sharp'
import * as tar from 'tar'
import { afterEach, describe, expect, it } from 'vitest'
import { Assets } from './media/assets.ts'
import { Store } from './store/store.ts'
import { exportDataset, importDataset } from './transfer.ts'

const dirs: string[] = []
const stores: Store[] = []

function open() {
  const dir = mkdtempSync(join(tmpdir(), 'resonance-transfer-'))
  dirs.push(dir)
  const store = new Store(dir)
  stores.push(store)
  store.createDataset('production')
  return { dir, store, assets: new Assets(store, { dataDir: dir, projectId: 'resonance' }) }
}

afterEach(() => {
  for (const s of stores.splice(0)) s.close()
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

const png = () => sharp({ create: { width: 30, height: 20, channels: 3, background: '#336699' } }).png().toBuffer()

describe('export and import', () => {
  it('round-trips documents and images through a .tar.gz in the Sanity export layout', async () => {
    const a = open()
    const asset = await a.assets.uploadImage('production', await png(), { filename: 'river.png' }, 'http://localhost:3000')
    await a.store.commit('production', [
      { create: { _id: 'article-1', _type: 'article', title: 'River', mainImage: { _type: 'image', asset: { _type: 'reference', _ref: asset._id }, alt: 'The river' } } },
      { create: { _id: 'drafts.article-2', _type: 'article', title: 'Draft' } },
    ])
    const file = join(a.dir, 'out', 'production.tar.gz')
    expect(await exportDataset(a.store, a.assets, file, 'production')).toEqual({ documents: 2, assets: 1 })

    // The archive holds what Sanity's own export holds: data.ndjson with _sanityAsset, images/, assets.json.
    const listing: string[] = []
    await tar.t({ file, onReadEntry: (e) => listing.push(e.path) })
    expect(listing).toContain('production-export/data.ndjson')
    expect(listing).toContain('production-export/assets.json')
    expect(listing.some((p) => /^production-export\/images\/[a-f0-9]{40}-30x20\.png$/.test(p))).toBe(true)

    const b = open()
    expect(await importDataset(b.store, b.assets, file, { dataset: 'production', mode: 'replace', publicBase: 'http://localhost:3000' })).toEqual({ documents: 2, assets: 1 })
    const imported = b.store.dataset('production').docs
    expect(imported.get('drafts.article-2')?.title).toBe('Draft')
    const article = imported.get('article-1') as unknown as { mainImage: { asset: { _ref: string }; alt: string } }
    expect(article.mainImage).toEqual({ _type: 'image', asset: { _type: 'reference', _ref: asset._id }, alt: 'The river' })
    const importedAsset = imported.get(asset._id)
    expect(importedAsset?.originalFilename).toBe('river.png')
    expect(existsSync(b.assets.pathOf('production', String(importedAsset?.path).split('/').pop()!))).toBe(true)
  })

  it('imports NDJSON, keeping existing documents with --missing', async () => {
    const a = open()
    await a.store.commit('production', [{ create: { _id: 'keep', _type: 'article', title: 'Original' } }])
    const file = join(a.dir, 'in.ndjson')
    writeFileSync(file, [{ _id: 'keep', _type: 'article', title: 'Replacement' }, { _id: 'new', _type: 'article', title: 'New' }].map((d) => JSON.stringify(d)).join('\n'))
    await importDataset(a.store, a.assets, file, { dataset: 'production', mode: 'missing', publicBase: '' })
    expect(a.store.dataset('production').docs.get('keep')?.title).toBe('Original')
    expect(a.store.dataset('production').docs.get('new')?.title).toBe('New')
    await importDataset(a.store, a.assets, file, { dataset: 'production', mode: 'replace', publicBase: '' })
    expect(a.store.dataset('production').docs.get('keep')?.title).toBe('Replacement')
  })

  it('refuses a file with a broken line, naming it, and imports nothing', async () => {
    const a = open()
    const file = join(a.dir, 'bad.ndjson')
    writeFileSync(file, `${JSON.stringify({ _id: 'one', _type: 'article' })}\n{"_id": "two",\n`)
    await expect(importDataset(a.store, a.assets, file, { dataset: 'production', mode: 'replace', publicBase: '' })).rejects.toThrow(/bad\.ndjson line 2: not valid JSON/)
    expect(a.store.dataset('production').docs.size).toBe(0)
  })

  it('writes plain NDJSON, one document a line', async () => {
    const a = open()
    await a.store.commit('production', [{ create: { _id: 'b', _type: 'article' } }, { create: { _id: 'a', _type: 'author' } }])
    const file = join(a.dir, 'out.ndjson')
    await exportDataset(a.store, a.assets, file, 'production')
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { _id: string })
    expect(lines.map((d) => d._id)).toEqual(['a', 'b'])
  })

  it('exports an archive larger than the memory it is given, a batch of documents at a time', async () => {
    const a = open()
    // 160 MB of articles, exported by the content command in a process of 64 MB of heap.
    const body = 'The river rose overnight. '.repeat(3_000)
    for (let start = 0; start < 2_000; start += 250) {
      await a.store.commit('production', Array.from({ length: 250 }, (_, i) => ({ create: { _id: `article-${String(start + i).padStart(4, '0')}`, _type: 'article', title: `Story ${start + i}`, text: body } })))
    }
    const file = join(a.dir, 'out.ndjson')
    await promisify(execFile)(process.execPath, ['--max-old-space-size=64', '--import', 'tsx', 'server/cli.ts', 'export', file], { env: { ...process.env, DATA_DIR: a.dir }, cwd: process.cwd() })
    let lines = 0
    let last = ''
    for await (const line of createInterface({ input: createReadStream(file) })) {
      const doc = JSON.parse(line) as { _id: string; text: string }
      expect(doc.text).toBe(body)
      expect(doc._id > last).toBe(true)
      last = doc._id
      lines++
    }
    expect(lines).toBe(2_000)
  }, 120_000)
})

