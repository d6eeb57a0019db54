// Import and export in Sanity's dataset export format, so a team can take a real dataset offline
// and back: NDJSON (one document a line), or a .tar.gz holding `<name>/data.ndjson`, the asset
// binaries in `images/` and `files/`, and `assets.json` with the asset documents' metadata.
// In an archive, image and file fields point at their binary with `_sanityAsset`
// (`image@file://./images/<sha1>-<w>x<h>.<ext>`) and asset documents are left out, as in a Sanity
// export; importing uploads the binary and turns the field back into an asset reference.

import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, copyFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import * as tar from 'tar'
import type { Assets } from './media/assets.ts'
import type { Doc, Mutation } from './store/mutations.ts'
import type { Store } from './store/store.ts'

export interface ImportOptions {
  dataset: string
  /** `replace` overwrites documents with the same id; `missing` keeps existing ones. */
  mode: 'replace' | 'missing'
  publicBase: string
}

export interface ImportReport {
  documents: number
  assets: number
}

const isArchive = (file: string) => /\.(tar\.gz|tgz)$/i.test(file)

async function readNdjson(file: string): Promise<Doc[]> {
  const docs: Doc[] = []
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })
  let n = 0
  for await (const line of lines) {
    n++
    if (line.trim() === '') continue
    let doc: unknown
    try {
      doc = JSON.parse(line)
    } catch (error) {
      throw new Error(`${basename(file)} line ${n}: not valid JSON (${(error as Error).message})`, { cause: error })
    }
    if (typeof doc !== 'object' || doc === null || typeof (doc as Doc)._id !== 'string' || typeof (doc as Doc)._type !== 'string') {
      throw new Error(`${basename(file)} line ${n}: every document needs a string _id and _type`)
    }
    docs.push(doc as Doc)
  }
  return docs
}

function findFile(dir: string, name: string): string | null {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry)
    if (entry === name && statSync(path).isFile()) return path
    if (statSync(path).isDirectory()) {
      const found = findFile(path, name)
      if (found) return found
    }
  }
  return null
}

/** Replaces every `_sanityAsset` field (recursively) with an asset reference, uploading the binary. */
async function resolveAssetFields(
  value: unknown,
  root: string,
  upload: (kind: 'image' | 'file', path: string) => Promise<string>,
): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map((v) => resolveAssetFields(v, root, upload)))
  if (typeof value !== 'object' || value === null) return value
  const obj = value as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(obj)) {
    if (k === '_sanityAsset' && typeof v === 'string') continue
    out[k] = await resolveAssetFields(v, root, upload)
  }
  if (typeof obj._sanityAsset === 'string') {
    const m = /^(image|file)@file:\/\/\.\/(.+)$/.exec(obj._sanityAsset)
    if (!m) throw new Error(`Unsupported asset location ${obj._sanityAsset}: only archive-relative files can be imported offline`)
    const path = join(root, m[2]!)
    if (!existsSync(path)) throw new Error(`The archive has no ${m[2]}`)
    out.asset = { _type: 'reference', _ref: await upload(m[1] as 'image' | 'file', path) }
  }
  return out
}

export async function importDataset(store: Store, assets: Assets, file: string, options: ImportOptions): Promise<ImportReport> {
  if (!existsSync(file)) throw new Error(`No such file: ${file}`)
  store.createDataset(options.dataset)
  let workDir: string | null = null
  try {
    let dataFile = file
    let root = dirname(file)
    if (isArchive(file)) {
      workDir = mkdtempSync(join(tmpdir(), 'resonance-import-'))
      await tar.x({ file, cwd: workDir })
      const found = findFile(workDir, 'data.ndjson')
      if (!found) throw new Error(`${basename(file)} holds no data.ndjson`)
      dataFile = found
      root = dirname(found)
    }
    const docs = await readNdjson(dataFile)
    const assetInfo = existsSync(join(root, 'assets.json')) ? (JSON.parse(readFileSync(join(root, 'assets.json'), 'utf8')) as Record<string, Record<string, unknown>>) : {}
    const uploaded = new Map<string, string>()
    const upload = async (kind: 'image' | 'file', path: string): Promise<string> => {
      const hit = uploaded.get(path)
      if (hit) return hit
      const name = basename(path)
      const info = assetInfo[`${kind}-${name.replace(/\.([a-z0-9]+)$/i, '-$1')}`] ?? {}
      const meta = { filename: typeof info.originalFilename === 'string' ? info.originalFilename : name }
      const bytes = readFileSync(path)
      const doc = kind === 'image'
        ? await assets.uploadImage(options.dataset, bytes, meta, options.publicBase, 'import')
        : await assets.uploadFile(options.dataset, bytes, meta, undefined, options.publicBase, 'import')
      uploaded.set(path, doc._id)
      return doc._id
    }
    const mutations: Mutation[] = []
    for (const doc of docs) {
      // Asset documents in plain NDJSON come with their binaries only when those sit beside the file.
      if ((doc._type === 'sanity.imageAsset' || doc._type === 'sanity.fileAsset') && typeof doc.path === 'string') {
        const kind = doc._type === 'sanity.imageAsset' ? 'images' : 'files'
        const local = join(root, kind, basename(doc.path))
        if (existsSync(local)) {
          await upload(kind === 'images' ? 'image' : 'file', local)
          continue
        }
      }
      const resolved = (await resolveAssetFields(doc, root, upload)) as Doc
      mutations.push(options.mode === 'replace' ? { createOrReplace: resolved } : { createIfNotExists: resolved })
    }
    if (mutations.length > 0) await store.commit(options.dataset, mutations, { identity: 'import' })
    return { documents: mutations.length, assets: uploaded.size }
  } finally {
    if (workDir) rmSync(workDir, { recursive: true, force: true })
  }
}

function rewriteAssetRefs(value: unknown, assetFiles: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteAssetRefs(v, assetFiles))
  if (typeof value !== 'object' || value === null) return value
  const obj = value as Record<string, unknown>
  const asset = obj.asset as { _ref?: unknown } | undefined
  const target = asset && typeof asset._ref === 'string' ? assetFiles.get(asset._ref) : undefined
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(obj)) {
    if (k === 'asset' && target) continue
    out[k] = rewriteAssetRefs(v, assetFiles)
  }
  if (target) out._sanityAsset = target
  return out
}

export interface ExportReport {
  documents: number
  assets: number
}

/**
 * Writes one JSON line per document as the store reads them, in id order, a batch at a time: an
 * archive of a million articles is exported in the memory of a few documents, never held whole.
 */
async function writeLines(file: string, docs: Iterable<Doc>, line: (doc: Doc) => string | null): Promise<number> {
  let written = 0
  function* lines(): Generator<string> {
    for (const doc of docs) {
      const text = line(doc)
      if (text === null) continue
      written++
      yield `${text}\n`
    }
  }
  // pipeline waits for the file to drain before it reads on, and ends both on an error.
  await pipeline(Readable.from(lines()), createWriteStream(file))
  return written
}

export async function exportDataset(store: Store, assets: Assets, file: string, datasetName: string): Promise<ExportReport> {
  const docs = store.dataset(datasetName).docs
  mkdirSync(dirname(file), { recursive: true })
  if (!isArchive(file)) return { documents: await writeLines(file, docs.values(), (doc) => JSON.stringify(doc)), assets: 0 }
  const workDir = mkdtempSync(join(tmpdir(), 'resonance-export-'))
  try {
    const name = `${datasetName}-export`
    const root = join(workDir, name)
    mkdirSync(join(root, 'images'), { recursive: true })
    mkdirSync(join(root, 'files'), { recursive: true })
    const assetFiles = new Map<string, string>()
    const assetInfo: Record<string, unknown> = {}
    for (const type of ['sanity.imageAsset', 'sanity.fileAsset'] as const) {
      for (const doc of docs.ofType(type)) {
        const folder = type === 'sanity.imageAsset' ? 'images' : 'files'
        const fileName = basename(String(doc.path ?? ''))
        const source = assets.pathOf(datasetName, fileName)
        if (!fileName || !existsSync(source)) continue
        copyFileSync(source, join(root, folder, fileName))
        assetFiles.set(doc._id, `${folder === 'images' ? 'image' : 'file'}@file://./${folder}/${fileName}`)
        const { _id, _type, _rev, _createdAt, _updatedAt, url, path, ...rest } = doc
        assetInfo[_id] = rest
      }
    }
    const documents = await writeLines(join(root, 'data.ndjson'), docs.values(), (doc) => (assetFiles.has(doc._id) ? null : JSON.stringify(rewriteAssetRefs(doc, assetFiles))))
    writeFileSync(join(root, 'assets.json'), JSON.stringify(assetInfo))
    await tar.c({ gzip: true, file, cwd: workDir, portable: true }, [name])
    return { documents, assets: assetFiles.size }
  } finally {
    rmSync(workDir, { recursive: true, force: true })
  }
}
