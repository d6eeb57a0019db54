import { describe, expect, it } from 'vitest'

describe('the reader client module', () => {
  it('loads where there is no window (on the server, where islands are rendered)', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined')
    const reader = await import('./reader.ts')
    expect(typeof reader.readerClient).toBe('function')
  })

  it('reads from the origin it is given when the build names no content host', async () => {
    const { createReaderClient } = await import('./reader.ts')
    const { readerConfig } = await import('./readerConfig.ts')
    const config = readerConfig('https://paper.example/')
    expect(config.apiHost).toBe('https://paper.example')
    const client = createReaderClient(config)
    expect(client.config()).toMatchObject({ apiHost: 'https://paper.example', perspective: 'published', useCdn: false, dataset: config.dataset })
  })
})
