import { describe, expect, it } from 'vitest'
import { documentHead, readerEntries } from './render.ts'

describe('documentHead', () => {
  it("drops the app's module script and modulepreloads, and keeps the inline styles, the stylesheet's loader and the rest", () => {
    const head =
      '<head><meta charset="UTF-8" /><script type="module" crossorigin src="/assets/index-A.js"></script>\n' +
      '    <link rel="modulepreload" crossorigin href="/assets/app-B.js">\n' +
      '<style>body{margin:0}</style><link rel="preload" href="/assets/style-C.css" as="style">' +
      '<script data-href="/assets/style-C.css" data-media="all">function x(){}</script></head>'
    expect(documentHead(head)).toBe(
      '<head><meta charset="UTF-8" />\n<style>body{margin:0}</style><link rel="preload" href="/assets/style-C.css" as="style">' +
        '<script data-href="/assets/style-C.css" data-media="all">function x(){}</script></head>',
    )
  })
})

describe('readerEntries', () => {
  it("names each entry of the reader build's manifest by its address, and nothing else", () => {
    const manifest = {
      'src/islands/client.ts': { file: 'assets/islands-1.js', name: 'islands', src: 'src/islands/client.ts', isEntry: true },
      'src/islands/readBeacon.ts': { file: 'assets/readBeacon-2.js', name: 'readBeacon', src: 'src/islands/readBeacon.ts', isEntry: true },
      'node_modules/react-dom/client.js': { file: 'assets/client-3.js', name: 'client', isDynamicEntry: true },
      _shared: { file: 'assets/react-4.js', name: 'react' },
    }
    expect([...readerEntries(manifest)]).toEqual([
      ['islands', '/assets/islands-1.js'],
      ['readBeacon', '/assets/readBeacon-2.js'],
    ])
    expect(readerEntries(null).size).toBe(0)
  })
})
