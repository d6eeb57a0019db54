import { describe, expect, it } from 'vitest'
import { categoryFeedLink, paperFeedLink } from './feeds.ts'

describe('feed links', () => {
  it("point at the paper's feed and at each category's feed beside its page", () => {
    expect(paperFeedLink).toEqual({ rel: 'alternate', type: 'application/rss+xml', title: 'Resonance', href: '/rss.xml' })
    expect(categoryFeedLink('UK', 'uk', 'section').href).toBe('/uk/rss.xml')
    expect(categoryFeedLink('Opinion', 'opinion', 'desk').href).toBe('/opinion/rss.xml')
    expect(categoryFeedLink('Climate', 'climate', 'topic')).toEqual({ rel: 'alternate', type: 'application/rss+xml', title: 'Climate | Resonance', href: '/topic/climate/rss.xml' })
  })
})
