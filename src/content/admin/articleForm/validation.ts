// Whether the article form may be saved (docs/product-spec.md §3), with the spec's exact messages:
// one valibot schema that TanStack Form runs, and the order in which a failed submit visits fields.

import * as v from 'valibot'
import { maxExcerptLength, maxTitleLength, slugProblem } from '../../../../shared/slug.ts'
import { editorPlainText, type EditorDocument } from '../../article/portableText.ts'
import { messages } from './messages.ts'
import { correctionTextProblem, type Correction } from '../../../../shared/corrections.ts'
import { fromLocalInput, type ArticleFormValues } from './values.ts'

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value.trim()).protocol === 'https:'
  } catch {
    return false
  }
}

/** A title: the spec's three characters at least, and the service's bound at most (trimmed, as saved). */
export const titleSchema = v.pipe(
  v.string(),
  v.check((title) => title.trim().length >= 3, messages.title),
  v.check((title) => title.trim().length <= maxTitleLength, messages.titleLong),
)

/** A slug: the spec's three characters at least, then the one slug rule (shared/slug.ts) in its words. */
export const slugSchema = v.pipe(
  v.string(),
  v.minLength(3, messages.slugLength),
  v.rawCheck(({ dataset, addIssue }) => {
    // An empty slug breaks the pattern too, as the spec's form always said beside the length.
    const problem = !dataset.typed ? null : dataset.value === '' ? messages.slugPattern : slugProblem(dataset.value)
    if (problem) addIssue({ message: problem })
  }),
)

/**
 * The whole form's schema, given to TanStack Form as a standard schema: each issue lands on the
 * field its path names, and its `message` is what the form shows.
 */
export const articleFormSchema = v.pipe(
  v.object({
    title: titleSchema,
    slug: slugSchema,
    content: v.pipe(
      v.custom<EditorDocument>((value) => typeof value === 'object' && value !== null, messages.content),
      v.check((doc) => editorPlainText(doc).trim().length >= 10, messages.content),
    ),
    excerpt: v.pipe(v.string(), v.check((excerpt) => excerpt.trim().length <= maxExcerptLength, messages.excerptLong)),
    author_id: v.pipe(v.string(), v.uuid(messages.author)),
    category_ids: v.pipe(v.array(v.pipe(v.string(), v.uuid(messages.category))), v.minLength(1, messages.category)),
    published: v.boolean(),
    is_lead_story: v.boolean(),
    is_featured: v.boolean(),
    is_breaking_news: v.boolean(),
    is_latest_update: v.boolean(),
    // Empty until the story first goes live: publishing dates it (shared/publication.ts).
    published_at: v.pipe(v.string(), v.check((text) => text === '' || fromLocalInput(text) !== null, messages.publishedAt)),
    media_type: v.picklist(['article', 'video', 'gallery']),
    video_url: v.string(),
    video: v.optional(v.nullable(v.object({ assetRef: v.string() }))),
    // Added through the Corrections section, which checks each; checked again so a bad one never saves.
    corrections: v.custom<Correction[]>(
      (list) => Array.isArray(list) && list.every((c: Correction) => typeof c?.text === 'string' && correctionTextProblem(c.text) === null),
      'Each correction needs its words, at most 1,000 characters.',
    ),
    main_image: v.nullable(
      v.pipe(
        v.object({ assetRef: v.string(), alt: v.string() }),
        v.check((image) => image.alt.trim() !== '', messages.mainImageAlt),
      ),
    ),
  }),
  // A video article plays an uploaded file; one from before uploads may keep its address elsewhere.
  v.forward(
    v.partialCheck([['media_type'], ['video'], ['video_url']], (input) => input.media_type !== 'video' || Boolean(input.video) || isHttpsUrl(input.video_url), messages.video),
    ['video'],
  ),
)

/** The form's fields in screen order: where focus goes first when a submit fails. */
export const fieldOrder = [
  'title',
  'slug',
  'excerpt',
  'content',
  'author_id',
  'category_ids',
  'main_image',
  'published_at',
  'media_type',
  'video',
] as const satisfies ReadonlyArray<keyof ArticleFormValues>
