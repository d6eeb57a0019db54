import { useForm, useStore, type AnyFieldApi } from '@tanstack/react-form'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { slugFromTitle, type FormMode, type Option } from '../../content/admin/articleForm/values.ts'
import { essayMessages } from '../../content/admin/photoEssayForm/messages.ts'
import { invalidFieldsInOrder, photoEssayFormSchema } from '../../content/admin/photoEssayForm/validation.ts'
import type { EssayImageValue, PhotoEssayFormValues } from '../../content/admin/photoEssayForm/values.ts'
import type { DraftChange } from '../../content/admin/articleForm/draftVersusLive.ts'
import { DraftVersusLive } from './DraftVersusLive.tsx'
import { FormField } from './FormField.tsx'
import { ImageField } from './ImageField.tsx'
import type { UploadImage } from './RichTextEditor.tsx'
import { useHeldWhilePressed } from '../ui/useHeldWhilePressed.ts'
import './ArticleForm.css'
import './PhotoEssayForm.css'

/** Where loading the form stands: the route maps the form machine's states onto these. */
export type PhotoEssayFormStatus = 'loading' | 'loadFailed' | 'notFound' | 'ready'

export interface PhotoEssayFormProps {
  status: PhotoEssayFormStatus
  mode: FormMode
  /** What the form starts from; a new object (a loaded essay) resets the form to it. */
  values: PhotoEssayFormValues
  authors: Option[]
  saving: boolean
  /** Why the last save failed (the conflict message when `conflict`). */
  error: string | null
  /** Someone else saved the essay since it was loaded. */
  conflict: boolean
  /**
   * The conflict was a stale draft's publish refused, with nobody else's save: the message says so,
   * nothing is offered to reload, and the draft's Keep editing and Discard draft stay open.
   */
  staleConflict?: boolean
  loadError: string | null
  /** A slug the service said another photo essay has. */
  takenSlug: string | null
  onSubmit: (values: PhotoEssayFormValues) => void
  onCancel: () => void
  onRetry: () => void
  onReload: () => void
  uploadImage: UploadImage
  /** Makes the `_key` of a new picture; tests and stories pass a predictable one. */
  newKey?: () => string
  /** Shown under the heading, above the fields: who else has the essay open (EditorsPresent). */
  notice?: ReactNode
  /** A draft of a live essay, opened by the form: how it compares with what readers see; null otherwise. */
  draft?: EssayDraftBesideLive | null
  /** The draft is being discarded. */
  discarding?: boolean
  onDiscardDraft?: () => void
  onKeepEditing?: () => void
}

/** A draft of a live photo essay, opened by the form: how it compares with what readers see. */
export interface EssayDraftBesideLive {
  /** The draft was made from an older published version. */
  stale: boolean
  /** The editor chose Keep editing. */
  kept: boolean
  /** How the form's values now differ from the published essay. */
  compare: (values: PhotoEssayFormValues) => DraftChange[]
}

/** The photo essay form: 'New Photo Essay' or 'Edit Photo Essay', and its states around the fields. */
export function PhotoEssayForm(props: PhotoEssayFormProps) {
  const { status, mode, loadError, onRetry, onCancel } = props
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
        <p>The photo essay could not be loaded: {loadError ?? 'unknown error'}</p>
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      </div>
    )
  } else if (status === 'notFound') {
    body = (
      <div className="article-form__missing">
        <p>Photo essay not found.</p>
        <button type="button" onClick={onCancel}>
          Back to the photo essays
        </button>
      </div>
    )
  } else {
    body = <PhotoEssayFields {...props} />
  }
  return (
    <section className="article-form photo-essay-form" aria-labelledby="photo-essay-form-heading">
      <h1 id="photo-essay-form-heading" className="article-form__heading">
        {mode === 'edit' ? 'Edit Photo Essay' : 'New Photo Essay'}
      </h1>
      {props.notice}
      {body}
    </section>
  )
}

/** The messages of a field's errors: valibot issues (their `message`) or plain strings, once each. */
function messagesOf(errors: readonly unknown[]): string[] {
  const texts = errors.map((error) => (typeof error === 'string' ? error : typeof (error as { message?: unknown } | null)?.message === 'string' ? (error as { message: string }).message : null))
  return [...new Set(texts.filter((text): text is string => Boolean(text)))]
}

const pictureId = (key: string) => `essay-image-${key}`

/** Where each field's focusable element is, for moving focus to the first invalid one. */
function focusTarget(name: string, values: PhotoEssayFormValues): string {
  const picture = /^images\[(\d+)\]\.alt$/.exec(name)
  if (picture) return `${pictureId(values.images[Number(picture[1])]?.key ?? '')}-alt`
  return { title: 'essay-title', slug: 'essay-slug', images: 'essay-images-add', published_at: 'essay-published-at' }[name] ?? 'essay-title'
}

function usePhotoEssayForm(values: PhotoEssayFormValues, onSubmit: (values: PhotoEssayFormValues) => void) {
  const form = useForm({
    defaultValues: values,
    validators: { onChange: photoEssayFormSchema },
    // Without this, a form that once had errors refuses every later submit.
    canSubmitWhenInvalid: true,
    onSubmit: ({ value }) => onSubmit(value),
    onSubmitInvalid: ({ formApi }) => {
      const first = invalidFieldsInOrder(formApi.state.values, (name) => (formApi.getFieldMeta(name as never)?.errors.length ?? 0) > 0)[0]
      if (first) document.getElementById(focusTarget(first, formApi.state.values))?.focus()
    },
  })

  // A newly loaded essay replaces what the form shows.
  const loaded = useRef(values)
  useEffect(() => {
    if (values === loaded.current) return
    loaded.current = values
    form.reset(values, { keepDefaultValues: true })
  }, [values, form])

  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  // As in the article form: a message due to leaving a field by pointer waits until the press is
  // over, so it never moves Save (or any button) between press and release.
  const held = useHeldWhilePressed()
  const shown = (field: AnyFieldApi): string[] => ((field.state.meta.isBlurred && !held.has(field.name)) || submitted ? messagesOf(field.state.meta.errors) : [])
  const leave = (field: AnyFieldApi) => {
    held.hold(field.name)
    field.handleBlur()
    void field.validate('change')
  }
  return { form, shown, leave }
}

type EssayFormApi = ReturnType<typeof usePhotoEssayForm>['form']

// A native control's value, change and blur, bound to its form field.
function bind(field: AnyFieldApi, leave: (field: AnyFieldApi) => void) {
  return {
    name: field.name,
    value: field.state.value as string,
    onChange: (event: { target: { value: string } }) => field.handleChange(event.target.value),
    onBlur: () => leave(field),
  }
}

function PhotoEssayFields({ values, authors, saving, error, conflict, staleConflict = false, takenSlug, onSubmit, onCancel, onReload, uploadImage, newKey = randomPictureKey, draft = null, discarding = false, onDiscardDraft, onKeepEditing }: PhotoEssayFormProps) {
  const { form, shown, leave } = usePhotoEssayForm(values, onSubmit)
  const current = useStore(form.store, (state) => state.values)
  const titleEmpty = useStore(form.store, (state) => state.values.title.trim() === '')
  const slugValue = useStore(form.store, (state) => state.values.slug)

  // The service said the slug is taken: that is where the editor needs to be.
  useEffect(() => {
    if (takenSlug !== null && takenSlug === form.getFieldValue('slug')) document.getElementById('essay-slug')?.focus()
  }, [takenSlug, form])

  return (
    <>
      {draft ? (
        <DraftVersusLive
          changes={draft.compare(current)}
          stale={draft.stale}
          kept={draft.kept}
          canPublish
          busy={saving || discarding || (conflict && !staleConflict)}
          noun="photo essay"
          onPublish={() => {
            // Publish: the Published switch on, then the form's own validated submit.
            form.setFieldValue('published', true)
            void form.handleSubmit()
          }}
          onDiscard={() => onDiscardDraft?.()}
          onKeepEditing={() => onKeepEditing?.()}
        />
      ) : null}
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
        {(field) => (
          <FormField id="essay-title" label="Title" errors={shown(field)}>
            {(control) => <input {...control.props} {...bind(field, leave)} type="text" placeholder="Enter the photo essay’s title" />}
          </FormField>
        )}
      </form.Field>

      <form.Field name="slug">
        {(field) => (
          <FormField
            id="essay-slug"
            label="Slug"
            errors={[...shown(field), ...(takenSlug !== null && field.state.value === takenSlug ? [essayMessages.slugTaken] : [])]}
            hint={<>The essay’s address: /photo-essays/{slugValue || 'unique-essay-slug'}</>}
          >
            {(control) => (
              <div className="article-form__slug">
                <input {...control.props} {...bind(field, leave)} type="text" placeholder="unique-essay-slug" autoCapitalize="none" spellCheck={false} />
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
            )}
          </FormField>
        )}
      </form.Field>

      <form.Field name="description">
        {(field) => (
          <FormField id="essay-description" label="Introduction" hint="A few sentences readers see under the title and on the photo essays page.">
            {(control) => <textarea id={control.id} aria-describedby={control.describedBy} {...bind(field, leave)} rows={3} />}
          </FormField>
        )}
      </form.Field>

      <form.Field name="photographer_id">
        {(field) => (
          <FormField id="essay-photographer" label="Photographer">
            {(control) => (
              <select id={control.id} {...bind(field, leave)}>
                <option value="">No photographer named</option>
                {authors.map((author) => (
                  <option key={author.id} value={author.id}>
                    {author.name}
                  </option>
                ))}
                {field.state.value && !authors.some((author) => author.id === field.state.value) ? <option value={field.state.value as string}>Unknown author</option> : null}
              </select>
            )}
          </FormField>
        )}
      </form.Field>

      <Pictures form={form} shown={shown} leave={leave} uploadImage={uploadImage} newKey={newKey} />

      <fieldset className="article-form__flags">
        <legend>Publishing</legend>
        <form.Field name="published">
          {(field) => (
            <div className="article-form__toggle">
              <input
                id="essay-published"
                name="published"
                type="checkbox"
                role="switch"
                checked={field.state.value}
                aria-describedby="essay-published-hint"
                onChange={(event) => field.handleChange(event.target.checked)}
                onBlur={field.handleBlur}
              />
              <label htmlFor="essay-published">Published</label>
              <p className="article-form__hint" id="essay-published-hint">
                Off keeps the photo essay as a draft that readers never see.
              </p>
            </div>
          )}
        </form.Field>
        <form.Field name="published_at">
          {(field) => (
            <FormField id="essay-published-at" label="Publish date" errors={shown(field)} hint={field.state.value === '' ? 'Set when the essay first goes live. Give a date only to choose one yourself.' : undefined}>
              {(control) => <input {...control.props} {...bind(field, leave)} type="datetime-local" />}
            </FormField>
          )}
        </form.Field>
      </fieldset>

      {conflict ? (
        <div className="article-form__alert" role="alert">
          <p>{error}</p>
          {staleConflict ? null : (
            <button type="button" onClick={onReload}>
              Reload their version
            </button>
          )}
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
          {saving ? 'Saving...' : 'Save Photo Essay'}
        </button>
      </div>
    </form>
    </>
  )
}

function randomPictureKey(): string {
  const bytes = new Uint8Array(6)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** A file on its way to the content service before it joins the pictures. */
interface PendingUpload {
  id: number
  name: string
  progress: number
  error: string | null
}

interface PicturesProps {
  form: EssayFormApi
  shown: (field: AnyFieldApi) => string[]
  leave: (field: AnyFieldApi) => void
  uploadImage: UploadImage
  newKey: () => string
}

const uploadFailure = (name: string, reason: unknown) => `${name} could not be uploaded: ${reason instanceof Error ? reason.message : String(reason)}`

/**
 * The essay's pictures in order: each with its image, alt text, caption and credit, removable and
 * moved with Move up and Move down (or dragged), each move said in a live region; below them, new
 * files to add, uploaded one after another in the order chosen.
 */
function Pictures({ form, shown, leave, uploadImage, newKey }: PicturesProps) {
  const [pending, setPending] = useState<PendingUpload[]>([])
  const [said, setSaid] = useState('')
  // A replaced picture's file on its way, by picture key.
  const [replacing, setReplacing] = useState<Record<string, { progress: number | null; error: string | null }>>({})
  const nextUpload = useRef(0)
  // After a move, which control of which picture gets focus back (the list re-renders under it).
  const refocus = useRef<{ key: string; control: 'up' | 'down' } | null>(null)
  const dragged = useRef<number | null>(null)

  useEffect(() => {
    const target = refocus.current
    if (!target) return
    refocus.current = null
    const up = document.getElementById(`${pictureId(target.key)}-up`) as HTMLButtonElement | null
    const down = document.getElementById(`${pictureId(target.key)}-down`) as HTMLButtonElement | null
    // At either end the pressed button is disabled: the other one keeps focus in the picture.
    const wanted = target.control === 'up' ? up : down
    ;(wanted && !wanted.disabled ? wanted : target.control === 'up' ? down : up)?.focus()
  })

  return (
    <form.Field name="images" mode="array">
      {(field) => {
        const images = field.state.value
        const listErrors = shown(field)
        const move = (from: number, to: number, control: 'up' | 'down' | null) => {
          if (to < 0 || to >= images.length || from === to) return
          const key = images[from]!.key
          field.moveValue(from, to)
          setSaid(`Picture moved to position ${to + 1} of ${images.length}.`)
          if (control) refocus.current = { key, control }
        }
        const addFiles = (files: File[]) => {
          // Uploads run side by side; each joins the list after the one chosen before it.
          let previous: Promise<void> = Promise.resolve()
          for (const file of files) {
            const id = nextUpload.current++
            setPending((now) => [...now, { id, name: file.name, progress: 0, error: null }])
            const upload = uploadImage(file, (progress) => setPending((now) => now.map((p) => (p.id === id ? { ...p, progress } : p))))
            const settled = upload.then(
              (value) => ({ ok: true as const, value }),
              (reason: unknown) => ({ ok: false as const, reason }),
            )
            previous = previous.then(async () => {
              const result = await settled
              if (!result.ok) {
                setPending((now) => now.map((p) => (p.id === id ? { ...p, error: uploadFailure(file.name, result.reason) } : p)))
                return
              }
              const picture: EssayImageValue = { key: newKey(), assetRef: result.value.assetRef, alt: '', caption: '', credit: '' }
              field.pushValue(picture)
              setPending((now) => now.filter((p) => p.id !== id))
              setSaid(`${file.name} added as picture ${field.state.value.length}. Describe it in its alt text.`)
            })
          }
        }
        return (
          <fieldset className="photo-essay-form__pictures" aria-describedby={listErrors.length ? 'essay-images-error' : 'essay-images-hint'}>
            <legend>Pictures</legend>
            <p className="article-form__hint" id="essay-images-hint">
              Readers see the pictures in this order. Move them with Move up and Move down, or drag them.
            </p>
            {images.length === 0 ? <p className="photo-essay-form__empty">No pictures yet.</p> : null}
            <ol className="photo-essay-form__list">
              {images.map((image, index) => (
                <li
                  key={image.key}
                  className="photo-essay-form__picture"
                  onDragOver={(event) => {
                    if (dragged.current !== null) event.preventDefault()
                  }}
                  onDrop={(event) => {
                    event.preventDefault()
                    if (dragged.current !== null) move(dragged.current, index, null)
                    dragged.current = null
                  }}
                  onDragEnd={() => {
                    dragged.current = null
                  }}
                >
                  <fieldset className="photo-essay-form__card">
                    <legend>
                      Picture {index + 1} of {images.length}
                    </legend>
                    <div className="photo-essay-form__moves">
                      {/* Dragging is for the mouse only: by keyboard and screen reader the buttons do the same. The
                          handle alone is draggable, so selecting text in the fields still works. */}
                      <span
                        className="photo-essay-form__handle"
                        aria-hidden="true"
                        title="Drag to reorder"
                        draggable
                        onDragStart={(event) => {
                          dragged.current = index
                          event.dataTransfer.effectAllowed = 'move'
                          event.dataTransfer.setData('text/plain', image.key)
                          const card = (event.currentTarget as HTMLElement).closest('li')
                          if (card) event.dataTransfer.setDragImage(card, 24, 24)
                        }}
                      >
                        ⠿ Drag
                      </span>
                      <button type="button" id={`${pictureId(image.key)}-up`} className="article-form__secondary" disabled={index === 0} onClick={() => move(index, index - 1, 'up')}>
                        Move up
                      </button>
                      <button type="button" id={`${pictureId(image.key)}-down`} className="article-form__secondary" disabled={index === images.length - 1} onClick={() => move(index, index + 1, 'down')}>
                        Move down
                      </button>
                    </div>
                    <form.Field name={`images[${index}].alt`}>
                      {(alt) => (
                        <ImageField
                          id={pictureId(image.key)}
                          label="Image"
                          value={{ assetRef: image.assetRef, alt: alt.state.value }}
                          progress={replacing[image.key]?.progress ?? null}
                          uploadError={replacing[image.key]?.error ?? null}
                          error={shown(alt)[0] ?? null}
                          onFile={(file) => {
                            setReplacing((now) => ({ ...now, [image.key]: { progress: 0, error: null } }))
                            uploadImage(file, (progress) => setReplacing((now) => ({ ...now, [image.key]: { progress, error: null } })))
                              .then(({ assetRef }) => {
                                const at = field.state.value.findIndex((picture) => picture.key === image.key)
                                if (at >= 0) form.setFieldValue(`images[${at}].assetRef`, assetRef)
                                setReplacing((now) => ({ ...now, [image.key]: { progress: null, error: null } }))
                              })
                              .catch((reason: unknown) => setReplacing((now) => ({ ...now, [image.key]: { progress: null, error: uploadFailure(file.name, reason) } })))
                          }}
                          onAltChange={(text) => alt.handleChange(text)}
                          onRemove={() => {
                            field.removeValue(index)
                            setSaid(`Picture ${index + 1} removed.`)
                            // Focus stays in the list: on the picture that took its place, or on adding more.
                            requestAnimationFrame(() => {
                              const next = field.state.value[Math.min(index, field.state.value.length - 1)]
                              document.getElementById(next ? `${pictureId(next.key)}-alt` : 'essay-images-add')?.focus()
                            })
                          }}
                          onBlur={() => leave(alt)}
                        />
                      )}
                    </form.Field>
                    <div className="article-form__pair">
                      <form.Field name={`images[${index}].caption`}>
                        {(caption) => (
                          <FormField id={`${pictureId(image.key)}-caption`} label="Caption">
                            {(control) => <input id={control.id} type="text" {...bind(caption, leave)} />}
                          </FormField>
                        )}
                      </form.Field>
                      <form.Field name={`images[${index}].credit`}>
                        {(credit) => (
                          <FormField id={`${pictureId(image.key)}-credit`} label="Credit">
                            {(control) => <input id={control.id} type="text" placeholder="Photographer or agency" {...bind(credit, leave)} />}
                          </FormField>
                        )}
                      </form.Field>
                    </div>
                  </fieldset>
                </li>
              ))}
            </ol>
            {pending.length > 0 ? (
              <ul className="photo-essay-form__pending">
                {pending.map((upload) =>
                  upload.error ? (
                    <li key={upload.id} className="image-field__error">
                      <span role="alert">{upload.error}</span>{' '}
                      <button type="button" className="article-form__secondary" onClick={() => setPending((now) => now.filter((p) => p.id !== upload.id))}>
                        Dismiss
                      </button>
                    </li>
                  ) : (
                    <li key={upload.id}>
                      <progress max={100} value={upload.progress} aria-label={`${upload.name} upload progress`} /> Uploading {upload.name}… {Math.round(upload.progress)}%
                    </li>
                  ),
                )}
              </ul>
            ) : null}
            <div className="photo-essay-form__add">
              <label htmlFor="essay-images-add">Add pictures</label>
              <input
                id="essay-images-add"
                type="file"
                multiple
                accept="image/jpeg,image/png,image/webp,image/gif"
                aria-describedby={listErrors.length ? 'essay-images-error' : undefined}
                aria-invalid={listErrors.length ? true : undefined}
                onChange={(event) => {
                  const files = [...(event.target.files ?? [])]
                  // Choosing the same files again after a failure should try again.
                  event.target.value = ''
                  if (files.length > 0) addFiles(files)
                }}
              />
            </div>
            {listErrors.length ? (
              <div className="article-form__error" id="essay-images-error">
                {listErrors.map((text) => (
                  <p key={text}>{text}</p>
                ))}
              </div>
            ) : null}
            {/* Always in the page, so a screen reader hears each move, addition and removal. */}
            <p className="photo-essay-form__said" role="status">
              {said}
            </p>
          </fieldset>
        )
      }}
    </form.Field>
  )
}
