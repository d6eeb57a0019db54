import { describe, expect, it } from 'vitest'
import { videoSource } from './video.ts'

const sha1 = 'a'.repeat(40)
const here = { projectId: 'resonance', dataset: 'production', baseUrl: '' }

describe('videoSource', () => {
  it('is the file on this origin for the embedded service, from the asset reference', () => {
    expect(videoSource({ asset: { _ref: `file-${sha1}-mp4` }, mimeType: 'video/mp4' }, here)).toEqual({
      src: `/files/resonance/production/${sha1}.mp4`,
      type: 'video/mp4',
    })
  })

  it('is on the CDN for a hosted project', () => {
    const hosted = { projectId: 'abc123', dataset: 'production', baseUrl: 'https://cdn.sanity.io' }
    expect(videoSource({ asset: { _ref: `file-${sha1}-webm` }, mimeType: 'video/webm' }, hosted)?.src).toBe(`https://cdn.sanity.io/files/abc123/production/${sha1}.webm`)
  })

  it('is null without a video, for a deleted asset, for a file that is not a playable video, and for a malformed reference', () => {
    expect(videoSource(null, here)).toBeNull()
    expect(videoSource({ asset: { _ref: `file-${sha1}-mp4` }, mimeType: null }, here)).toBeNull()
    expect(videoSource({ asset: { _ref: `file-${sha1}-pdf` }, mimeType: 'application/pdf' }, here)).toBeNull()
    expect(videoSource({ asset: { _ref: `file-${sha1}-mp4/../../x` }, mimeType: 'video/mp4' }, here)).toBeNull()
    expect(videoSource({ asset: { _ref: `image-${sha1}-10x10-jpg` }, mimeType: 'video/mp4' }, here)).toBeNull()
  })
})
