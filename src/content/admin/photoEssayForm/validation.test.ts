import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { essayMessages } from './messages.ts'
import { validEssayValues } from './photoEssay.fixtures.ts'
import { invalidFieldsInOrder, photoEssayFormSchema } from './validation.ts'
import { emptyPhotoEssayValues, type PhotoEssayFormValues } from './values.ts'

/** The schema's messages by field name, as TanStack Form puts them on the form's fields. */
function errorsOf(values: PhotoEssayFormValues): Record<string, string[]> {
  const result = v.safeParse(photoEssayFormSchema, values)
  if (result.success) return {}
  const errors: Record<string, string[]> = {}
  for (const issue of result.issues) {
    const name = (issue.path ?? []).map((item) => (typeof item.key === 'number' ? `[${item.key}]` : `.${String(item.key)}`)).join('').replace(/^\./, '')
    ;(errors[name] ??= []).push(issue.message)
  }
  return errors
}

describe('photo essay validation', () => {
  it('asks an empty essay for a title, a slug and a picture', () => {
    expect(errorsOf(emptyPhotoEssayValues())).toEqual({
      title: ['Title must be at least 3 characters long.'],
      slug: ['Slug must be at least 3 characters long.', 'Slug can only contain lowercase letters, numbers, and hyphens.'],
      images: ['A photo essay needs at least one picture.'],
    })
  })

  it('accepts a whole essay, with or without a photographer, introduction, captions or credits', () => {
    expect(errorsOf(validEssayValues())).toEqual({})
    expect(errorsOf(validEssayValues({ photographer_id: '', description: '' }))).toEqual({})
  })

  it('names each picture without alt text, by its place', () => {
    const values = validEssayValues()
    values.images = [values.images[0]!, { ...values.images[1]!, alt: '   ' }, { ...values.images[0]!, key: 'k3', alt: '' }]
    expect(errorsOf(values)).toEqual({ 'images[1].alt': [essayMessages.alt], 'images[2].alt': [essayMessages.alt] })
    expect(essayMessages.alt).toBe('Describe this picture for readers who cannot see it.')
  })

  it('refuses a slug with capitals or spaces, and a publish date that is not one', () => {
    expect(errorsOf(validEssayValues({ slug: 'Night Shift', published_at: '2026-13-45T99:00' }))).toEqual({ slug: [essayMessages.slugPattern], published_at: [essayMessages.publishedAt] })
  })

  it('leaves the publish date to the moment the essay first goes live when it is empty', () => {
    expect(errorsOf(validEssayValues({ published_at: '' }))).toEqual({})
  })

  it('visits the fields to fix in screen order: title, slug, each picture, the pictures, the date', () => {
    const values = validEssayValues()
    const wrong = new Set(['published_at', 'images[1].alt', 'slug'])
    expect(invalidFieldsInOrder(values, (name) => wrong.has(name))).toEqual(['slug', 'images[1].alt', 'published_at'])
  })
})
