// Brotli and gzip copies of the built app's text files, written beside each (`app.js.br`,
// `app.js.gz`) by `npm run build`. The content service sends a copy as it is to a browser that
// accepts it, so the slowest compression (Brotli quality 11) is paid once here, not per request.

import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** Text the service sends compressed. Source maps are left out: only developer tools ask for them. */
export const compressibleExtensions = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt'])

/** Below this, compression costs more than the bytes it saves (the service's own threshold). */
export const minBytes = 1024

/** The Brotli (quality 11, told the input's size) and gzip (level 9) copies of one file's bytes. */
export async function compressCopies(plain) {
  const [br, gz] = await Promise.all([
    brotli(plain, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    }),
    gzipped(plain, { level: 9 }),
  ])
  return { br, gz }
}

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}

/**
 * Writes `.br` and `.gz` beside every compressible file of `dir` of at least `minBytes`, and returns
 * what it wrote. Both copies are always written, so the service never mixes a fresh copy with one
 * from an earlier build. zlib's asynchronous calls run on libuv's threads, so files compress on
 * every core at once.
 */
export async function precompress(dir) {
  const files = (await filesUnder(dir)).filter((file) => compressibleExtensions.has(extname(file)))
  const written = await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < minBytes) return null
      const plain = await readFile(file)
      const { br, gz } = await compressCopies(plain)
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)])
      return { file, plain: plain.length, br: br.length, gz: gz.length }
    }),
  )
  return written.filter((entry) => entry !== null)
}
