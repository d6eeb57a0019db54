import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { compressCopies, precompress } from './precompress.mjs'

// Text like a built chunk's: long enough to compress, varied enough not to be one repeated byte.
const script = Array.from({ length: 400 }, (_, i) => `export const headline${i} = ${JSON.stringify(`Story number ${i} from the London desk`)};`).join('\n')

describe('precompress', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'resonance-precompress-'))
    mkdirSync(join(dir, 'assets'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('writes Brotli and gzip copies that decompress to the file, for text files of 1 KB or more, in every folder', async () => {
    const files = {
      'index.html': `<!doctype html><title>Resonance</title>${'<p>London</p>'.repeat(100)}`,
      'assets/index-abc.js': script,
      'assets/style-abc.css': Array.from({ length: 100 }, (_, i) => `.story-${i} { margin: ${i}px; }`).join('\n'),
      'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(60)}</svg>`,
    }
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)

    const written = await precompress(dir)

    expect(written.map((entry) => entry.file).sort()).toEqual(Object.keys(files).map((name) => join(dir, name)).sort())
    for (const [name, text] of Object.entries(files)) {
      const path = join(dir, name)
      expect(brotliDecompressSync(readFileSync(`${path}.br`)).toString('utf8')).toBe(text)
      expect(gunzipSync(readFileSync(`${path}.gz`)).toString('utf8')).toBe(text)
      expect(readFileSync(`${path}.br`).length).toBeLessThan(text.length)
    }
  })

  it('leaves small files, source maps and images without copies', async () => {
    writeFileSync(join(dir, 'assets/tiny.js'), 'export const a = 1\n')
    writeFileSync(join(dir, 'assets/index-abc.js.map'), JSON.stringify({ version: 3, mappings: script }))
    writeFileSync(join(dir, 'logo.png'), Buffer.alloc(4096, 7))

    expect(await precompress(dir)).toEqual([])
    for (const name of ['assets/tiny.js', 'assets/index-abc.js.map', 'logo.png']) {
      expect(existsSync(join(dir, `${name}.br`))).toBe(false)
      expect(existsSync(join(dir, `${name}.gz`))).toBe(false)
    }
  })

  it('compresses with Brotli at its best quality and gzip at level 9', async () => {
    const plain = Buffer.from(script)
    const { br, gz } = await compressCopies(plain)
    expect(br.equals(brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length } }))).toBe(true)
    expect(gz.length).toBe(gzipSync(plain, { level: 9 }).length)
    expect(br.length).toBeLessThan(gz.length)
  })
})
