import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { portableTextToEditor } from '../../article/portableText.ts'
import { messages } from './messages.ts'
import { validValues } from './validArticle.fixtures.ts'
import { articleFormSchema } from './validation.ts'
import { emptyArticleValues, type ArticleFormValues } from './values.ts'

/** The schema's messages by field, as the form shows them under each one. */
function errorsOf(values: ArticleFormValues): Partial<Record<keyof ArticleFormValues, string[]>> {
  const result = v.safeParse(articleFormSchema, values)
  if (result.success) return {}
  const errors: Partial<Record<keyof ArticleFormValues, string[]>> = {}
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key as keyof ArticleFormValues | undefined
    if (field) (errors[field] ??= []).push(issue.message)
  }
  return errors
}

describe('validation', () => {
  it('bounds the slug, the title and the excerpt as the service does, in the spec’s style', () => {
    expect(errorsOf(validValues({ slug: 's'.repeat(300) }))).toEqual({ slug: ['Slug must be at most 96 characters long.'] })
    expect(errorsOf(validValues({ slug: '-starts-with-a-dash' }))).toEqual({ slug: ['Slug cannot start or end with a hyphen, or have two hyphens in a row.'] })
    expect(errorsOf(validValues({ slug: 'two--dashes' }))).toEqual({ slug: [messages.slugHyphens] })
    expect(errorsOf(validValues({ title: 'T'.repeat(1000) }))).toEqual({ title: ['Title must be at most 200 characters long.'] })
    expect(errorsOf(validValues({ excerpt: 'E'.repeat(5000) }))).toEqual({ excerpt: ['Excerpt must be at most 300 characters long.'] })
    expect(errorsOf(validValues({ slug: 's'.repeat(96), title: 'T'.repeat(200), excerpt: ` ${'E'.repeat(300)} ` }))).toEqual({})
  })

  it('shows all six of the spec’s messages for an empty form', () => {
    const errors = errorsOf(emptyArticleValues())
    expect(errors).toEqual({
      title: [messages.title],
      slug: [messages.slugLength, messages.slugPattern],
      content: [messages.content],
      author_id: [messages.author],
      category_ids: [messages.category],
    })
    expect(messages).toMatchObject({
      title: 'Title must be at least 3 characters long.',
      slugLength: 'Slug must be at least 3 characters long.',
      slugPattern: 'Slug can only contain lowercase letters, numbers, and hyphens.',
      content: 'Content is too short.',
      author: 'Please select an author.',
      category: 'Please select a category.',
    })
  })

  it('accepts a complete article', () => {
    expect(errorsOf(validValues())).toEqual({})
  })

  it('asks for at least 3 characters of title, not counting spaces around it', () => {
    expect(errorsOf(validValues({ title: '  ab  ' })).title).toEqual([messages.title])
    expect(errorsOf(validValues({ title: 'abc' })).title).toBeUndefined()
  })

  it('allows only lowercase letters, digits and hyphens in a slug', () => {
    for (const slug of ['Night-Buses', 'night buses', 'night_buses', 'nuit-blanche-é', 'night/buses']) {
      expect(errorsOf(validValues({ slug })).slug, slug).toEqual([messages.slugPattern])
    }
    expect(errorsOf(validValues({ slug: 'ab' })).slug).toEqual([messages.slugLength])
    expect(errorsOf(validValues({ slug: 'a-1-b' })).slug).toBeUndefined()
  })

  it('measures content by the editor’s words: at least 10 characters besides spaces around them', () => {
    const words = (text: string) => portableTextToEditor([{ _type: 'block', _key: 'a', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text, marks: [] }] }])
    expect(errorsOf(validValues({ content: words('Too short') })).content).toEqual([messages.content])
    expect(errorsOf(validValues({ content: words('     123456789     ') })).content).toEqual([messages.content])
    expect(errorsOf(validValues({ content: words('Just enough') })).content).toBeUndefined()
  })

  it('wants real ids for author and categories, and at least one category', () => {
    expect(errorsOf(validValues({ author_id: 'priya-raman', category_ids: [] }))).toEqual({ author_id: [messages.author], category_ids: [messages.category] })
    expect(errorsOf(validValues({ category_ids: ['0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', 'uk'] })).category_ids).toEqual([messages.category])
    expect(errorsOf(validValues({ category_ids: ['0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b'] })).category_ids).toBeUndefined()
  })

  it('wants an uploaded video for a video article (or, from before uploads, an https address), and none otherwise', () => {
    const video = { assetRef: `file-${'a'.repeat(40)}-mp4` }
    expect(errorsOf(validValues({ media_type: 'video', video: null, video_url: '' })).video).toEqual([messages.video])
    expect(errorsOf(validValues({ media_type: 'video', video: null, video_url: 'http://media.example/v.mp4' })).video).toEqual([messages.video])
    expect(errorsOf(validValues({ media_type: 'video', video }))).toEqual({})
    expect(errorsOf(validValues({ media_type: 'video', video: null, video_url: 'https://media.example/v.mp4' }))).toEqual({})
    expect(errorsOf(validValues({ media_type: 'article', video: null, video_url: 'not a url' }))).toEqual({})
  })

  it('wants alt text for a main image, and a real publish date when one is given', () => {
    expect(errorsOf(validValues({ main_image: { assetRef: 'image-abc-10x10-png', alt: ' ' } })).main_image).toEqual([messages.mainImageAlt])
    expect(errorsOf(validValues({ published_at: '2026-13-45T99:00' })).published_at).toEqual([messages.publishedAt])
    // No date yet: publishing gives the story its date (shared/publication.ts).
    expect(errorsOf(validValues({ published_at: '' }))).toEqual({})
  })
})
