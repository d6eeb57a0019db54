// The rationing and header rules of the image CDN, without HTTP (the contract tests cover that).

import { describe, expect, it } from 'vitest'
import { ApiError } from '../errors.ts'
import { contentDisposition, outputSize, RenderQueue, renderSlots } from './images.ts'

function deferred<T = void>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError)
    return error as ApiError
  }
  throw new Error('expected a refusal')
}

describe('contentDisposition', () => {
  it('keeps a plain ASCII name as a quoted filename', () => {
    expect(contentDisposition('front-page.jpg')).toBe('attachment; filename="front-page.jpg"')
  })

  it('adds filename* with the UTF-8 name whenever the ASCII fallback had to change it', () => {
    expect(contentDisposition('☃.jpg')).toBe(`attachment; filename="_.jpg"; filename*=UTF-8''%E2%98%83.jpg`)
    expect(contentDisposition('100%.png')).toBe(`attachment; filename="100_.png"; filename*=UTF-8''100%25.png`)
    expect(contentDisposition("it's (1).jpg")).toBe(`attachment; filename="it's (1).jpg"`)
    expect(contentDisposition('a\\b"c.jpg')).toBe(`attachment; filename="a_b_c.jpg"; filename*=UTF-8''a%5Cb%22c.jpg`)
    expect(contentDisposition('𝄞 café.jpg')).toBe(`attachment; filename="_ caf_.jpg"; filename*=UTF-8''%F0%9D%84%9E%20caf%C3%A9.jpg`)
  })

  it('drops control characters, and gives no filename when nothing is left', () => {
    expect(contentDisposition('\u0000')).toBe('attachment')
    expect(contentDisposition('')).toBe('attachment')
    expect(contentDisposition(' \r\n\t ')).toBe('attachment')
    expect(contentDisposition('a\r\nSet-Cookie: x=1\u0085.jpg')).toBe('attachment; filename="aSet-Cookie: x=1.jpg"')
  })

  it('is always a value Node accepts as a header, and bounded in length', () => {
    for (const name of ['\ud800.jpg', 'x'.repeat(10_000), '\u00ff\u0100\uffff', '\u007f\u009f']) {
      const value = contentDisposition(name)
      expect(value).toMatch(/^[\x20-\x7e]+$/)
      expect(value.length).toBeLessThan(2000)
    }
  })
})

describe('outputSize', () => {
  it('is the asked box, or the asked side with the other in proportion', () => {
    expect(outputSize({ w: 300, h: 200, fit: 'crop' }, 1000, 1000)).toEqual({ width: 300, height: 200 })
    expect(outputSize({ w: 8000, fit: 'clip' }, 100, 8000)).toEqual({ width: 8000, height: 640_000 })
    expect(outputSize({ h: 100, fit: 'clip' }, 640, 480)).toEqual({ width: 133, height: 100 })
  })

  it('never enlarges for max, min and fillmax with one side', () => {
    expect(outputSize({ w: 8000, fit: 'max' }, 100, 8000)).toEqual({ width: 100, height: 8000 })
    expect(outputSize({ w: 50, fit: 'max' }, 100, 200)).toEqual({ width: 50, height: 100 })
  })

  it('measures the rect, turned by or', () => {
    expect(outputSize({ rect: [0, 0, 400, 100], fit: 'clip' }, 1000, 1000)).toEqual({ width: 400, height: 100 })
    expect(outputSize({ w: 100, fit: 'clip', orientation: 90 }, 640, 480)).toEqual({ width: 100, height: 133 })
  })
})

describe('renderSlots', () => {
  it('leaves two of libuv’s threads to everything else', () => {
    expect(renderSlots(2, 4)).toBe(2)
    expect(renderSlots(8, 4)).toBe(2)
    expect(renderSlots(8, 6)).toBe(4)
    expect(renderSlots(3, 16)).toBe(3)
    expect(renderSlots(4, 2)).toBe(1)
  })
})

describe('RenderQueue', () => {
  it('runs up to its concurrency, lines up the next ones in order, and refuses beyond the line with 503 and Retry-After', async () => {
    const queue = new RenderQueue({ concurrency: 1, queueLimit: 2 })
    const gates = [deferred(), deferred(), deferred()]
    const order: number[] = []
    const runs = gates.map((gate, i) =>
      queue.run(async () => {
        order.push(i)
        await gate.promise
        return i
      }),
    )
    expect(queue.stats()).toMatchObject({ running: 1, waiting: 2 })
    const refused = await refusal(queue.run(async () => 'never'))
    expect(refused.status).toBe(503)
    expect(refused.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' })
    expect(Number(refused.headers['Retry-After'])).toBeGreaterThanOrEqual(1)
    for (const gate of gates) gate.resolve()
    expect(await Promise.all(runs)).toEqual([0, 1, 2])
    expect(order).toEqual([0, 1, 2])
    expect(queue.stats()).toEqual({ running: 0, waiting: 0, started: 3, refused: 1 })
  })

  it('refuses a render that waited longer than maxWaitMs, and keeps going after a failed one', async () => {
    const queue = new RenderQueue({ concurrency: 1, queueLimit: 4, maxWaitMs: 20 })
    const gate = deferred()
    const running = queue.run(() => gate.promise)
    const waited = await refusal(queue.run(async () => 'too late'))
    expect(waited.status).toBe(503)
    expect(queue.stats()).toMatchObject({ running: 1, waiting: 0, refused: 1 })
    gate.resolve()
    await running
    await expect(queue.run(async () => Promise.reject(new Error('broken')))).rejects.toThrow('broken')
    expect(await queue.run(async () => 'after')).toBe('after')
    expect(queue.stats()).toMatchObject({ running: 0, waiting: 0 })
  })
})
