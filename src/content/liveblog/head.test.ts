import { describe, expect, it } from 'vitest'
import type { ArticleData } from '../article/article.ts'
import { liveBlogHead } from './head.ts'
import type { LiveBlogPage } from './liveBlog.ts'

const origin = 'https://resonance.example'
const block = (text: string) => ({ _type: 'block', _key: 'k', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text, marks: [] }] })
const blog: ArticleData = { _id: 'blog', title: 'Storm live', slug: 'storm-live', publishedAt: '2026-11-27T15:00:00.000Z', excerpt: 'Gusts tonight.', isLiveBlog: true, body: [block('Intro.')] }
const page: LiveBlogPage = {
  total: 2,
  page: null,
  updates: [
    { _id: 'u2', headline: 'Barrier closes', publishedAt: '2026-11-27T16:00:00.000Z', updatedAt: '2026-11-27T16:10:00.000Z', body: [block('The barrier has closed.')] },
    { _id: 'u1', publishedAt: '2026-11-27T15:30:00.000Z', body: [block('Trains are running slowly.'), block('Allow extra time.')] },
  ],
  pinned: null,
  keyEvents: [],
  newerHref: null,
  olderHref: null,
  path: '/article/storm-live',
}

interface Posting {
  '@context': string
  '@type': string
  headline: string
  coverageStartTime?: string
  coverageEndTime?: string
  liveBlogUpdate: Array<Record<string, string>>
}

function ld(head: ReturnType<typeof liveBlogHead>): Posting {
  return JSON.parse(head.scripts?.[0]?.children ?? 'null') as Posting
}

describe('liveBlogHead', () => {
  it('describes the blog as a LiveBlogPosting with each update’s own headline, time and address', () => {
    const data = ld(liveBlogHead(origin, blog, page))
    expect(data['@context']).toBe('https://schema.org')
    expect(data['@type']).toBe('LiveBlogPosting')
    expect(data.headline).toBe('Storm live')
    expect(data.coverageStartTime).toBe('2026-11-27T15:00:00.000Z')
    expect(data.coverageEndTime).toBeUndefined()
    expect(data.liveBlogUpdate).toEqual([
      { '@type': 'BlogPosting', headline: 'Barrier closes', datePublished: '2026-11-27T16:00:00.000Z', dateModified: '2026-11-27T16:10:00.000Z', url: `${origin}/article/storm-live#update-u2`, articleBody: 'The barrier has closed.' },
      { '@type': 'BlogPosting', headline: 'Trains are running slowly. Allow extra time.', datePublished: '2026-11-27T15:30:00.000Z', url: `${origin}/article/storm-live#update-u1`, articleBody: 'Trains are running slowly. Allow extra time.' },
    ])
  })

  it('says when coverage ended, and gives an older page its own canonical address and lasting update addresses', () => {
    const head = liveBlogHead(origin, { ...blog, liveBlogEndedAt: '2026-11-27T23:00:00.000Z' }, { ...page, page: 1, path: '/article/storm-live?page=1' })
    expect(ld(head).coverageEndTime).toBe('2026-11-27T23:00:00.000Z')
    expect(ld(head).liveBlogUpdate[0]?.url).toBe(`${origin}/article/storm-live?update=u2#update-u2`)
    expect(head.links?.find((link) => link.rel === 'canonical')?.href).toBe(`${origin}/article/storm-live?page=1`)
    // Every page of the blog names its feed.
    expect(head.links?.find((link) => link.rel === 'alternate')).toMatchObject({ type: 'application/rss+xml', href: '/article/storm-live/rss.xml' })
    expect(head.meta).toContainEqual({ property: 'og:url', content: `${origin}/article/storm-live?page=1` })
  })

  it('keeps text that would end the script from ending it', () => {
    const head = liveBlogHead(origin, blog, { ...page, updates: [{ _id: 'x', headline: 'Barrier', publishedAt: '2026-11-27T16:00:00.000Z', body: [block('</script><script>alert(1)</script>')] }] })
    expect(head.scripts?.[0]?.children).not.toContain('</script>')
    expect(ld(head).liveBlogUpdate[0]?.articleBody).toBe('</script><script>alert(1)</script>')
  })
})
