// Whether the photo essay form may be saved: one valibot schema TanStack Form runs (each issue lands
// on the field its path names, a picture's alt text on `images[i].alt`), and the order in which a
// failed submit looks for the first field to fix.

import * as v from 'valibot'
import { slugSchema, titleSchema } from '../articleForm/validation.ts'
import { fromLocalInput } from '../articleForm/values.ts'
import { essayMessages } from './messages.ts'
import type { PhotoEssayFormValues } from './values.ts'

export const photoEssayFormSchema = v.object({
  // The article form's title and slug rules, in the same words (messages.ts).
  title: titleSchema,
  slug: slugSchema,
  description: v.string(),
  photographer_id: v.string(),
  published: v.boolean(),
  published_at: v.pipe(v.string(), v.check((text) => text === '' || fromLocalInput(text) !== null, essayMessages.publishedAt)),
  images: v.pipe(
    v.array(
      v.object({
        key: v.string(),
        assetRef: v.string(),
        alt: v.pipe(v.string(), v.check((alt) => alt.trim() !== '', essayMessages.alt)),
        caption: v.string(),
        credit: v.string(),
      }),
    ),
    v.minLength(1, essayMessages.images),
  ),
})

/** The fields in screen order (a picture's alt text by its place): where focus goes when a submit fails. */
export function invalidFieldsInOrder(values: PhotoEssayFormValues, hasErrors: (name: string) => boolean): string[] {
  const names = ['title', 'slug', ...values.images.map((_, index) => `images[${index}].alt`), 'images', 'published_at']
  return names.filter(hasErrors)
}
