import { useForm, useStore, type AnyFieldApi } from '@tanstack/react-form'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { messages } from '../../content/admin/articleForm/messages.ts'
import { articleFormSchema, fieldOrder } from '../../content/admin/articleForm/validation.ts'
import { slugFromTitle, type ArticleFormValues, type FormMode, type Option } from '../../content/admin/articleForm/values.ts'
import { ImageField } from './ImageField.tsx'
import { RichTextEditor, type UploadImage } from './RichTextEditor.tsx'
import './ArticleForm.css'

/** Where loading the form stands: the route maps the form machine's state onto these. */
export type ArticleFormStatus = 'loading' | 'loadFailed' | 'notFound' | 'ready'

export interface ArticleFormProps {
  status: ArticleFormStatus
  mode: FormMode
  /** What the form starts from; a new object (a loaded article) resets the form to it. */
  values: ArticleFormValues
  authors: Option[]
  categories: Option[]
  saving: boolean
  /** Why the last save failed (the conflict message when `conflict`). */
  error: string | null
  /** Someone else saved the article since it was loaded. */
  conflict: boolean
  loadError: string | null
  /** A slug the service said another article has. */
  takenSlug: string | null
  onSubmit: (values: ArticleFormValues) => void
  onCancel: () => void
  onRetry: () => void
  onReload: () => void
  uploadImage: UploadImage
}

/** The article form of docs/product-spec.md §2: 'Create New Article' or 'Edit Article', and its states around the fields. */
export function ArticleForm(props: ArticleFormProps) {
  const { status, mode, loadError, onRetry, onCancel } = props
  const heading = mode === 'edit' ? 'Edit Article' : 'Create New Article'
  let body: ReactNode
  if (status === 'loading') {
    body = (
      <p className="article-form__loading" role="status">
        Loading...
      </p>
    )
  } else if (status === 'loadFailed') {
    body = (
      <div className="article-form__alert" role="alert">
        <p>The article form could not be loaded: {loadError ?? 'unknown error'}</p>
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      </div>
    )
  } else if (status === 'notFound') {
    body = (
      <div className="article-form__missing">
        <p>Article not found.</p>
        <button type="button" onClick={onCancel}>
          Back to the dashboard
        </button>
      </div>
    )
  } else {
    body = <ArticleFormFields {...props} />
  }
  return (
    <section className="article-form" aria-labelledby="article-form-heading">
      <h1 id="article-form-heading" className="article-form__heading">
        {heading}
      </h1>
      {body}
    </section>
  )
}

/** Where each field's focusable element is, for moving focus to the first invalid one. */
const focusTarget: Record<(typeof fieldOrder)[number], string> = {
  title: 'article-title',
  slug: 'article-slug',
  excerpt: 'article-excerpt',
  content: 'article-content',
  author_id: 'article-author',
  category_id: 'article-category',
  main_image: 'article-main-image-alt',
  published_at: 'article-published-at',
  media_type: 'article-media-type',
  video_url: 'article-video-url',
}

/** The messages of a field's errors: valibot issues (their `message`) or plain strings, once each. */
function messagesOf(errors: readonly unknown[]): string[] {
  const texts = errors.map((error) => (typeof error === 'string' ? error : typeof (error as { message?: unknown } | null)?.message === 'string' ? (error as { message: string }).message : null))
  return [...new Set(texts.filter((text): text is string => Boolean(text)))]
}

function Messages({ id, texts }: { id: string; texts: string[] }) {
  if (texts.length === 0) return null
  return (
    <div className="article-form__error" id={id}>
      {texts.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </div>
  )
}

const describedBy = (...ids: Array<string | false | null | undefined>) => ids.filter(Boolean).join(' ') || undefined

function useArticleForm(values: ArticleFormValues, onSubmit: (values: ArticleFormValues) => void) {
  return useForm({
    defaultValues: values,
    validators: { onChange: articleFormSchema },
    // Without this, a form that once had errors refuses every later submit (canSubmit stays false).
    canSubmitWhenInvalid: true,
    onSubmit: ({ value }) => onSubmit(value),
    onSubmitInvalid: ({ formApi }) => {
      const first = fieldOrder.find((name) => (formApi.getFieldMeta(name)?.errors.length ?? 0) > 0)
      if (first) document.getElementById(focusTarget[first])?.focus()
    },
  })
}

type ArticleFormApi = ReturnType<typeof useArticleForm>

function ArticleFormFields({ values, authors, categories, saving, error, conflict, takenSlug, onSubmit, onCancel, onReload, uploadImage }: ArticleFormProps) {
  const form = useArticleForm(values, onSubmit)

  // A newly loaded article replaces what the form shows; the defaults stay those it started with.
  const shown = useRef(values)
  useEffect(() => {
    if (values === shown.current) return
    shown.current = values
    form.reset(values, { keepDefaultValues: true })
  }, [values, form])

  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  const mediaType = useStore(form.store, (state) => state.values.media_type)
  const titleEmpty = useStore(form.store, (state) => state.values.title.trim() === '')
  const slugValue = useStore(form.store, (state) => state.values.slug)

  // Errors show once a field has been left, or after a submit.
  const visible = (field: AnyFieldApi): string[] => (field.state.meta.isBlurred || submitted ? messagesOf(field.state.meta.errors) : [])
  const leave = (field: AnyFieldApi) => {
    field.handleBlur()
    void field.validate('change')
  }

  // The service said the slug is taken: that is where the editor needs to be.
  useEffect(() => {
    if (takenSlug !== null && takenSlug === form.getFieldValue('slug')) document.getElementById('article-slug')?.focus()
  }, [takenSlug, form])

  const [mainUpload, setMainUpload] = useState<{ progress: number | null; error: string | null }>({ progress: null, error: null })

  return (
    <form
      className="article-form__form"
      noValidate
      aria-busy={saving || undefined}
      onSubmit={(event) => {
        event.preventDefault()
        event.stopPropagation()
        if (saving || conflict) return
        void form.handleSubmit()
      }}
    >
      <form.Field name="title">
        {(field) => {
          const texts = visible(field)
          return (
            <div className="article-form__field">
              <label htmlFor="article-title">Title</label>
              <input
                id="article-title"
                name="title"
                type="text"
                placeholder="Enter article title"
                value={field.state.value}
                aria-invalid={texts.length > 0 || undefined}
                aria-describedby={describedBy(texts.length > 0 && 'article-title-error')}
                onChange={(event) => field.handleChange(event.target.value)}
                onBlur={() => leave(field)}
              />
              <Messages id="article-title-error" texts={texts} />
            </div>
          )
        }}
      </form.Field>

      <form.Field name="slug">
        {(field) => {
          const texts = [...visible(field), ...(takenSlug !== null && field.state.value === takenSlug ? [messages.slugTaken] : [])]
          return (
            <div className="article-form__field">
              <label htmlFor="article-slug">Slug</label>
              <div className="article-form__slug">
                <input
                  id="article-slug"
                  name="slug"
                  type="text"
                  placeholder="unique-article-slug"
                  autoCapitalize="none"
                  spellCheck={false}
                  value={field.state.value}
                  aria-invalid={texts.length > 0 || undefined}
                  aria-describedby={describedBy('article-slug-hint', texts.length > 0 && 'article-slug-error')}
                  onChange={(event) => field.handleChange(event.target.value)}
                  onBlur={() => leave(field)}
                />
                <button
                  type="button"
                  className="article-form__secondary"
                  disabled={titleEmpty}
                  onClick={() => {
                    field.handleChange(slugFromTitle(form.getFieldValue('title')))
                    field.setMeta((meta) => ({ ...meta, isTouched: true, isBlurred: true }))
                  }}
                >
                  Generate from title
                </button>
              </div>
              <p className="article-form__hint" id="article-slug-hint">
                The article’s address: /article/{slugValue || 'unique-article-slug'}
              </p>
              <Messages id="article-slug-error" texts={texts} />
            </div>
          )
        }}
      </form.Field>

      <form.Field name="excerpt">
        {(field) => (
          <div className="article-form__field">
            <label htmlFor="article-excerpt">Excerpt</label>
            <textarea
              id="article-excerpt"
              name="excerpt"
              rows={3}
              value={field.state.value}
              aria-describedby="article-excerpt-hint"
              onChange={(event) => field.handleChange(event.target.value)}
              onBlur={() => leave(field)}
            />
            <p className="article-form__hint" id="article-excerpt-hint">
              A sentence or two for the homepage and article cards.
            </p>
          </div>
        )}
      </form.Field>

      <form.Field name="content">
        {(field) => {
          const texts = visible(field)
          return (
            <div className="article-form__field">
              {/* The editable area is not a form control a <label for> can name; this names it, and a click on it goes to the text. */}
              <span id="article-content-label" className="article-form__label" onClick={() => document.getElementById('article-content')?.focus()}>
                Content
              </span>
              <RichTextEditor
                id="article-content"
                labelId="article-content-label"
                value={field.state.value}
                onChange={(doc) => field.handleChange(doc)}
                onBlur={() => leave(field)}
                invalid={texts.length > 0}
                describedBy={describedBy(texts.length > 0 && 'article-content-error')}
                uploadImage={uploadImage}
              />
              <Messages id="article-content-error" texts={texts} />
            </div>
          )
        }}
      </form.Field>

      <div className="article-form__pair">
        <form.Field name="author_id">
          {(field) => {
            const texts = visible(field)
            return (
              <div className="article-form__field">
                <label htmlFor="article-author">Author</label>
                <select
                  id="article-author"
                  name="author_id"
                  value={field.state.value}
                  aria-invalid={texts.length > 0 || undefined}
                  aria-describedby={describedBy(texts.length > 0 && 'article-author-error')}
                  onChange={(event) => field.handleChange(event.target.value)}
                  onBlur={() => leave(field)}
                >
                  <option value="">Select an author</option>
                  {authors.map((author) => (
                    <option key={author.id} value={author.id}>
                      {author.name}
                    </option>
                  ))}
                  {field.state.value && !authors.some((author) => author.id === field.state.value) ? <option value={field.state.value}>Unknown author</option> : null}
                </select>
                <Messages id="article-author-error" texts={texts} />
              </div>
            )
          }}
        </form.Field>

        <form.Field name="category_id">
          {(field) => {
            const texts = visible(field)
            return (
              <div className="article-form__field">
                <label htmlFor="article-category">Category</label>
                <select
                  id="article-category"
                  name="category_id"
                  value={field.state.value}
                  aria-invalid={texts.length > 0 || undefined}
                  aria-describedby={describedBy(texts.length > 0 && 'article-category-error')}
                  onChange={(event) => field.handleChange(event.target.value)}
                  onBlur={() => leave(field)}
                >
                  <option value="">Select a category</option>
                  {categories.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.name}
                    </option>
                  ))}
                  {field.state.value && !categories.some((category) => category.id === field.state.value) ? <option value={field.state.value}>Unknown category</option> : null}
                </select>
                <Messages id="article-category-error" texts={texts} />
              </div>
            )
          }}
        </form.Field>
      </div>

      <form.Field name="main_image">
        {(field) => {
          const texts = visible(field)
          return (
            <ImageField
              id="article-main-image"
              label="Main image"
              value={field.state.value}
              progress={mainUpload.progress}
              uploadError={mainUpload.error}
              error={texts[0] ?? null}
              onFile={(file) => {
                setMainUpload({ progress: 0, error: null })
                uploadImage(file, (progress) => setMainUpload((now) => ({ ...now, progress })))
                  .then(({ assetRef }) => {
                    field.handleChange({ assetRef, alt: field.state.value?.alt ?? '' })
                    setMainUpload({ progress: null, error: null })
                    // The next thing the image needs is its description.
                    requestAnimationFrame(() => document.getElementById('article-main-image-alt')?.focus())
                  })
                  .catch((reason: unknown) => setMainUpload({ progress: null, error: `The image could not be uploaded: ${reason instanceof Error ? reason.message : String(reason)}` }))
              }}
              onAltChange={(alt) => field.handleChange((now) => (now ? { ...now, alt } : now))}
              onRemove={() => {
                field.handleChange(null)
                requestAnimationFrame(() => document.getElementById('article-main-image-file')?.focus())
              }}
              onBlur={() => leave(field)}
            />
          )
        }}
      </form.Field>

      <div className="article-form__pair">
        <form.Field name="published_at">
          {(field) => {
            const texts = visible(field)
            return (
              <div className="article-form__field">
                <label htmlFor="article-published-at">Publish date</label>
                <input
                  id="article-published-at"
                  name="published_at"
                  type="datetime-local"
                  value={field.state.value}
                  aria-invalid={texts.length > 0 || undefined}
                  aria-describedby={describedBy(texts.length > 0 && 'article-published-at-error')}
                  onChange={(event) => field.handleChange(event.target.value)}
                  onBlur={() => leave(field)}
                />
                <Messages id="article-published-at-error" texts={texts} />
              </div>
            )
          }}
        </form.Field>

        <form.Field name="media_type">
          {(field) => (
            <div className="article-form__field">
              <label htmlFor="article-media-type">Media type</label>
              <select
                id="article-media-type"
                name="media_type"
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value as ArticleFormValues['media_type'])}
                onBlur={() => leave(field)}
              >
                <option value="article">Article</option>
                <option value="video">Video</option>
                {/* Photo stories from the archive keep their type; new ones are articles or videos. */}
                {field.state.value === 'gallery' ? <option value="gallery">Photo gallery</option> : null}
              </select>
            </div>
          )}
        </form.Field>
      </div>

      {mediaType === 'video' ? (
        <form.Field name="video_url">
          {(field) => {
            const texts = visible(field)
            return (
              <div className="article-form__field">
                <label htmlFor="article-video-url">Video URL</label>
                <input
                  id="article-video-url"
                  name="video_url"
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  value={field.state.value}
                  aria-invalid={texts.length > 0 || undefined}
                  aria-describedby={describedBy(texts.length > 0 && 'article-video-url-error')}
                  onChange={(event) => field.handleChange(event.target.value)}
                  onBlur={() => leave(field)}
                />
                <Messages id="article-video-url-error" texts={texts} />
              </div>
            )
          }}
        </form.Field>
      ) : null}

      <fieldset className="article-form__flags">
        <legend>Publishing</legend>
        <Toggle form={form} name="published" label="Published" hint="Off keeps the article as a draft that readers never see." />
        <Toggle form={form} name="is_lead_story" label="Lead Story" />
        <Toggle form={form} name="is_featured" label="Featured Story" />
        <Toggle form={form} name="is_breaking_news" label="Breaking News" />
        <Toggle form={form} name="is_latest_update" label="Latest Update" />
      </fieldset>

      {conflict ? (
        <div className="article-form__alert" role="alert">
          <p>{error}</p>
          <button type="button" onClick={onReload}>
            Reload their version
          </button>
        </div>
      ) : error ? (
        <div className="article-form__alert" role="alert">
          <p>{error}</p>
        </div>
      ) : null}

      <div className="article-form__buttons">
        <button type="button" className="article-form__secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="article-form__primary" aria-disabled={saving || undefined} disabled={conflict}>
          {saving ? 'Saving...' : 'Save Article'}
        </button>
      </div>
    </form>
  )
}

type FlagName = 'published' | 'is_lead_story' | 'is_featured' | 'is_breaking_news' | 'is_latest_update'

function Toggle({ form, name, label, hint }: { form: ArticleFormApi; name: FlagName; label: string; hint?: string }) {
  const id = `article-${name.replace(/_/g, '-')}`
  return (
    <form.Field name={name}>
      {(field) => (
        <div className="article-form__toggle">
          <input
            id={id}
            name={name}
            type="checkbox"
            role="switch"
            checked={field.state.value}
            aria-describedby={hint ? `${id}-hint` : undefined}
            onChange={(event) => field.handleChange(event.target.checked)}
            onBlur={field.handleBlur}
          />
          <label htmlFor={id}>{label}</label>
          {hint ? (
            <p className="article-form__hint" id={`${id}-hint`}>
              {hint}
            </p>
          ) : null}
        </div>
      )}
    </form.Field>
  )
}
