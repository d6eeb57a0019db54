import { useRef, useState, type FormEvent } from 'react'
import { authorErrors, authorLimits, authorSlug, type AuthorErrors, type AuthorValues } from '../../content/admin/authors.ts'
import { ImageField } from './ImageField.tsx'
import type { UploadImage } from './RichTextEditor.tsx'
import { authorPath } from '../../../shared/paths.ts'
import './AuthorList.css'

/** A save the service refused because another author has the slug. */
export class AuthorSlugTaken extends Error {}

export interface AuthorFormProps {
  mode: 'create' | 'edit'
  initial: AuthorValues
  /** Saves; a rejection's message is shown (AuthorSlugTaken's under the slug). */
  onSubmit: (values: AuthorValues) => Promise<unknown>
  onCancel: () => void
  uploadImage: UploadImage
}

const order = ['name', 'slug', 'image', 'bio'] as const
const focusId: Record<(typeof order)[number], string> = { name: 'author-name', slug: 'author-slug', image: 'author-image-alt', bio: 'author-bio' }

/**
 * An author's form: name, the slug of their page (following the name until it is written by hand),
 * a picture with its description, and a short plain-text bio.
 */
export function AuthorForm({ mode, initial, onSubmit, onCancel, uploadImage }: AuthorFormProps) {
  const [values, setValues] = useState(initial)
  const [slugByHand, setSlugByHand] = useState(mode === 'edit')
  const [errors, setErrors] = useState<AuthorErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const [upload, setUpload] = useState<{ progress: number | null; error: string | null }>({ progress: null, error: null })
  const formRef = useRef<HTMLFormElement>(null)
  const heading = mode === 'create' ? 'New author' : `Edit ${initial.name || 'author'}`

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (saving || upload.progress !== null) return
    const found = authorErrors(values)
    setErrors(found)
    setFailure(null)
    const first = order.find((field) => found[field])
    if (first) {
      document.getElementById(focusId[first])?.focus()
      return
    }
    setSaving(true)
    try {
      await onSubmit(values)
    } catch (error) {
      if (error instanceof AuthorSlugTaken) {
        setErrors({ slug: error.message })
        document.getElementById('author-slug')?.focus()
      } else setFailure(error instanceof Error ? error.message : String(error))
    } finally {
      setSaving(false)
    }
  }

  const described = (name: keyof AuthorValues, hint: boolean) => [hint ? `author-${name}-hint` : null, errors[name] ? `author-${name}-error` : null].filter(Boolean).join(' ') || undefined
  const message = (name: keyof AuthorValues) =>
    errors[name] && name !== 'image' ? (
      <p className="taxonomy__error" id={`author-${name}-error`}>
        {errors[name]}
      </p>
    ) : null

  return (
    <form ref={formRef} className="taxonomy__form" aria-labelledby="author-form-heading" noValidate onSubmit={(event) => void submit(event)}>
      <h2 id="author-form-heading">{heading}</h2>
      <div className="taxonomy__field">
        <label htmlFor="author-name">Name</label>
        <input
          id="author-name"
          type="text"
          value={values.name}
          maxLength={authorLimits.name + 20}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={described('name', false)}
          onChange={(e) => setValues({ ...values, name: e.target.value, slug: slugByHand ? values.slug : authorSlug(e.target.value) })}
        />
        {message('name')}
      </div>
      <div className="taxonomy__field">
        <label htmlFor="author-slug">Slug</label>
        <div className="taxonomy__slugrow">
          <input
            id="author-slug"
            type="text"
            value={values.slug}
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={errors.slug ? true : undefined}
            aria-describedby={described('slug', true)}
            onChange={(e) => {
              setSlugByHand(true)
              setValues({ ...values, slug: e.target.value })
            }}
          />
          <button
            type="button"
            className="taxonomy__button"
            disabled={values.name.trim() === ''}
            onClick={() => {
              setSlugByHand(false)
              setValues({ ...values, slug: authorSlug(values.name) })
            }}
          >
            Generate from name
          </button>
        </div>
        <p className="taxonomy__hint" id="author-slug-hint">
          Their page’s address: {authorPath(values.slug || 'their-name')}
        </p>
        {message('slug')}
      </div>
      <ImageField
        id="author-image"
        label="Picture"
        value={values.image}
        progress={upload.progress}
        uploadError={upload.error}
        error={errors.image ?? null}
        onFile={(file) => {
          setUpload({ progress: 0, error: null })
          uploadImage(file, (progress) => setUpload((now) => ({ ...now, progress })))
            .then(({ assetRef }) => {
              setValues((now) => ({ ...now, image: { assetRef, alt: now.image?.alt || `Portrait of ${now.name.trim()}`.trim() } }))
              setUpload({ progress: null, error: null })
              requestAnimationFrame(() => document.getElementById('author-image-alt')?.focus())
            })
            .catch((reason: unknown) => setUpload({ progress: null, error: `The picture could not be uploaded: ${reason instanceof Error ? reason.message : String(reason)}` }))
        }}
        onAltChange={(alt) => setValues((now) => (now.image ? { ...now, image: { ...now.image, alt } } : now))}
        onRemove={() => {
          setValues((now) => ({ ...now, image: null }))
          requestAnimationFrame(() => document.getElementById('author-image-file')?.focus())
        }}
      />
      <div className="taxonomy__field">
        <label htmlFor="author-bio">Short bio</label>
        <textarea id="author-bio" rows={4} value={values.bio} aria-invalid={errors.bio ? true : undefined} aria-describedby={described('bio', true)} onChange={(e) => setValues({ ...values, bio: e.target.value })} />
        <p className="taxonomy__hint" id="author-bio-hint">
          Plain text, shown on their page. {values.bio.trim().length} of {authorLimits.bio} characters.
        </p>
        {message('bio')}
      </div>
      {failure ? (
        <p className="taxonomy__error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="taxonomy__formactions">
        <button type="button" className="taxonomy__button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="taxonomy__button taxonomy__button--primary" aria-disabled={saving || upload.progress !== null || undefined}>
          {saving ? 'Saving...' : mode === 'create' ? 'Create author' : 'Save author'}
        </button>
      </div>
    </form>
  )
}
