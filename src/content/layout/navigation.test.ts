import { describe, expect, it } from 'vitest'
import { topBarTopics, topicSlug, topics } from './navigation.ts'

describe('topics', () => {
  it('turns names into slugs the spec way', () => {
    expect(topicSlug('News & Politics')).toBe('news-politics')
    expect(topicSlug('Film & Television')).toBe('film-television')
    expect(topicSlug('Pop Culture')).toBe('pop-culture')
    expect(topics.map((t) => t.to)).toEqual(['/topic/news-politics', '/topic/film-television', '/topic/sports', '/topic/pop-culture', '/topic/events'])
  })

  it('shows the first three in the top bar', () => {
    expect(topBarTopics.map((t) => t.label)).toEqual(['News & Politics', 'Film & Television', 'Sports'])
  })
})
