import { useStore, type AnyFieldApi } from '@tanstack/react-form'
import { useEffect, useState, type ReactNode } from 'react'
import { messages } from '../../content/admin/articleForm/messages.ts'
import { placementLines } from '../../content/admin/articleForm/placement.ts'
import { replacedStory, type FrontPageHolders, type FrontPageSlot } from '../../content/admin/frontPage.ts'
import { ArticlePlacement } from './ArticlePlacement.tsx'
import { slugFromTitle, type ArticleFormValues, type FormMode, type Option } from '../../content/admin/articleForm/values.ts'
import type { DraftChange } from '../../content/admin/articleForm/draftVersusLive.ts'
import { AutosaveStatus, type AutosaveState } from './AutosaveStatus.tsx'
import { DraftVersusLive } from './DraftVersusLive.tsx'
import { CategoryPicker } from './CategoryPicker.tsx'
import { CorrectionsField } from './CorrectionsField.tsx'
import { londonDay } from '../../content/format/dates.ts'
import { FormField } from './FormField.tsx'
import { ImageField } from './ImageField.tsx'
import { VideoField } from './VideoField.tsx'
import { videoSource } from '../../content/article/video.ts'
import { RichTextEditor, type UploadImage } from './RichTextEditor.tsx'
import { fromLondonInput, londonInputOf, londonTime, scheduleTimeProblem, type ScheduledPublish } from '../../content/admin/schedules.ts'
import { PublishSchedule, type PublishWhen } from './PublishSchedule.tsx'
import { useArticleForm, type ArticleFormApi } from './useArticleForm.ts'
import './ArticleForm.css'

/** Where loading the form stands: the route maps the form machine's states onto these. */
export type ArticleFormStatus = 'loading' | 'loadFailed' | 'notFound' | 'ready'

export interface ArticleFormProps {
  status: ArticleFormStatus
  mode: FormMode
  /** The article's id (a new article's too): the form does not say it replaces itself. */
  id: string
  /** Who holds Breaking News and the Lead Story on the homepage now. */
  frontPage: FrontPageHolders
  /** What the form starts from; a new object (a loaded article) resets the form to it. */
  values: ArticleFormValues
  authors: Option[]
  categories: Option[]
  saving: boolean
  /** Why the last save failed (the conflict message when `conflict`). */
  error: string | null
  /** Someone else saved the article since it was loaded. */
  conflict: boolean
  /**
   * The conflict was a stale draft's publish refused, with nobody else's save: the message says so,
   * nothing is offered to reload, and the draft's Keep editing and Discard draft stay open.
   */
  staleConflict?: boolean
  loadError: string | null
  /** A slug the service said another article has. */
  takenSlug: string | null
  onSubmit: (values: ArticleFormValues) => void
  onCancel: () => void
  onRetry: () => void
  onReload: () => void
  uploadImage: UploadImage
  /** Uploads a video article's file (an MP4 or WebM) as a file asset. */
  uploadVideo: UploadVideo
  /** The article's pending scheduled publish (docs/decisions/011-scheduling.md). */
  schedule?: ScheduledPublish | null
  /** Whether the form offers "Schedule for": any article with no schedule pending. */
  maySchedule?: boolean
  /**
   * Readers have a published version: "Schedule for" then schedules the changes, kept in the draft
   * until the schedule publishes them over it.
   */
  live?: boolean
  /** When the live coverage of the version readers have ended (a live blog's); null otherwise. */
  liveBlogEndedAt?: string | null
  /** A schedule is being cancelled. */
  cancellingSchedule?: boolean
  /** Saves the article as a draft and schedules its publish at `executeAt` (UTC, ISO-8601). */
  onSchedule?: (values: ArticleFormValues, executeAt: string) => void
  onCancelSchedule?: () => void
  /**
   * False for a contributor: the form saves a draft whatever the article's state, and offers no
   * publishing or homepage controls (the service would refuse them).
   */
  canPublish?: boolean
  /**
   * Whether the editor has changed anything since the form was loaded (or last reset to a loaded
   * article): the page asks before leaving while it is true. Called with false when the fields go.
   */
  onDirtyChange?: (dirty: boolean) => void
  /** Where keeping the changes as a draft stands; no line about it without. */
  autosave?: AutosaveState
  /** What the form holds after each change the editor makes (not after a load resets it). */
  onValuesChange?: (values: ArticleFormValues) => void
  /** Shown under the heading, above the fields: who else has the article open (EditorsPresent). */
  notice?: ReactNode
  /** The form edits a draft beside the published version: the comparison and the choices above the fields. */
  draft?: DraftBesideLive | null
  /** The draft is being discarded. */
  discarding?: boolean
  onDiscardDraft?: () => void
  onKeepEditing?: () => void
}

/** A draft of a live article, opened by the form: how it compares with what readers see. */
export interface DraftBesideLive {
  /** The draft was made from an older published version. */
  stale: boolean
  /** The editor chose Keep editing. */
  kept: boolean
  /** How the form's values now differ from the published version. */
  compare: (values: ArticleFormValues) => DraftChange[]
}

/** Uploads a video file to the content service's assets, reporting progress; resolves with its asset id. */
export type UploadVideo = (file: File, onProgress: (percent: number) => void) => Promise<{ assetRef: string }>

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
      {props.notice}
      {body}
    </section>
  )
}

// A native control's value, change and blur, bound to its form field.
function bind(field: AnyFieldApi, leave: (field: AnyFieldApi) => void) {
  return {
    name: field.name,
    value: field.state.value as string,
    onChange: (event: { target: { value: string } }) => field.handleChange(event.target.value),
    onBlur: () => leave(field),
  }
}

function ArticleFormFields({ id, frontPage, values, authors, categories, saving, error, conflict, staleConflict = false, takenSlug, onSubmit, onCancel, onReload, uploadImage, uploadVideo, canPublish = true, schedule = null, maySchedule = false, live = false, liveBlogEndedAt = null, cancellingSchedule = false, onSchedule, onCancelSchedule, onDirtyChange, autosave, onValuesChange, draft = null, discarding = false, onDiscardDraft, onKeepEditing }: ArticleFormProps) {
  const [timing, setTiming] = useState<PublishTiming>({ when: 'now', at: '', error: null })
  // Published with "Schedule for" chosen, a submit schedules the draft instead of saving it live.
  const { form, shown, leave } = useArticleForm(values, (submitted) => {
    if (!(maySchedule && submitted.published && timing.when === 'later')) return onSubmit(submitted)
    const problem = scheduleTimeProblem(timing.at)
    if (problem) {
      setTiming((now) => ({ ...now, error: problem }))
      document.getElementById('article-schedule-at')?.focus()
      return
    }
    onSchedule?.(submitted, fromLondonInput(timing.at)!.toISOString())
  })
  const schedulingChosen = useStore(form.store, (state) => maySchedule && state.values.published && timing.when === 'later')
  // When a slot this article asks for changes hands: at the time chosen, or the pending schedule's.
  const slotTakenAt = schedulingChosen ? (fromLondonInput(timing.at)?.toISOString() ?? null) : (schedule?.executeAt ?? null)
  const mediaType = useStore(form.store, (state) => state.values.media_type)
  const titleEmpty = useStore(form.store, (state) => state.values.title.trim() === '')
  const slugValue = useStore(form.store, (state) => state.values.slug)
  const placement = useStore(form.store, (state) => placementLines(state.values, categories, liveBlogEndedAt))
  const dirty = useStore(form.store, (state) => state.isDirty)

  useEffect(() => {
    onDirtyChange?.(dirty)
  }, [dirty, onDirtyChange])
  // Fields that are gone (a reload of the other editor's version) have nothing left to lose.
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange])
  const current = useStore(form.store, (state) => state.values)
  useEffect(() => {
    if (dirty) onValuesChange?.(current)
  }, [current, dirty, onValuesChange])

  // The service said the slug is taken: that is where the editor needs to be.
  useEffect(() => {
    if (takenSlug !== null && takenSlug === form.getFieldValue('slug')) document.getElementById('article-slug')?.focus()
  }, [takenSlug, form])

  return (
    <>
      {draft ? (
        <DraftVersusLive
          changes={draft.compare(current)}
          stale={draft.stale}
          kept={draft.kept}
          canPublish={canPublish}
          busy={saving || discarding || (conflict && !staleConflict)}
          onPublish={() => {
            // Publish now: the published switch on, no schedule, then the form's own validated submit.
            form.setFieldValue('published', true)
            setTiming((now) => ({ ...now, when: 'now', error: null }))
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
          <FormField id="article-title" label="Title" errors={shown(field)}>
            {(control) => <input {...control.props} {...bind(field, leave)} type="text" placeholder="Enter article title" />}
          </FormField>
        )}
      </form.Field>

      <form.Field name="slug">
        {(field) => (
          <FormField
            id="article-slug"
            label="Slug"
            errors={[...shown(field), ...(takenSlug !== null && field.state.value === takenSlug ? [messages.slugTaken] : [])]}
            hint={<>The article’s address: /article/{slugValue || 'unique-article-slug'}</>}
          >
            {(control) => (
              <div className="article-form__slug">
                <input {...control.props} {...bind(field, leave)} type="text" placeholder="unique-article-slug" autoCapitalize="none" spellCheck={false} />
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

      <form.Field name="excerpt">
        {(field) => (
          <FormField id="article-excerpt" label="Excerpt" errors={shown(field)} hint="A sentence or two for the homepage and article cards.">
            {(control) => <textarea {...control.props} {...bind(field, leave)} rows={3} />}
          </FormField>
        )}
      </form.Field>

      <form.Field name="content">
        {(field) => (
          // The editable area is not a form control a <label for> can name.
          <FormField id="article-content" label="Content" errors={shown(field)} nativeControl={false}>
            {(control) => (
              <RichTextEditor
                id={control.id}
                labelId={control.labelId}
                value={field.state.value}
                onChange={(doc) => field.handleChange(doc)}
                onBlur={() => leave(field)}
                invalid={control.invalid}
                describedBy={control.describedBy}
                uploadImage={uploadImage}
              />
            )}
          </FormField>
        )}
      </form.Field>

      <form.Field name="author_id">
        {(field) => (
          <FormField id="article-author" label="Author" errors={shown(field)}>
            {(control) => (
              <select {...control.props} {...bind(field, leave)}>
                <ChoiceOptions options={authors} value={field.state.value} placeholder="Select an author" unknown="Unknown author" />
              </select>
            )}
          </FormField>
        )}
      </form.Field>

      <form.Field name="category_ids">
        {(field) => (
          <CategoryPicker
            id="article-categories"
            label="Categories"
            options={categories}
            value={field.state.value}
            onChange={(next) => field.handleChange(next)}
            onBlur={() => leave(field)}
            errors={shown(field)}
          />
        )}
      </form.Field>

      <form.Field name="main_image">{(field) => <MainImageField field={field} error={shown(field)[0] ?? null} leave={leave} uploadImage={uploadImage} />}</form.Field>

      <div className="article-form__pair">
        <form.Field name="published_at">
          {(field) => (
            <FormField id="article-published-at" label="Publish date" errors={shown(field)} hint={field.state.value === '' ? 'Set when the story first goes live. Give a date only to choose one yourself.' : undefined}>
              {(control) => <input {...control.props} {...bind(field, leave)} type="datetime-local" />}
            </FormField>
          )}
        </form.Field>

        <form.Field name="media_type">
          {(field) => (
            <FormField id="article-media-type" label="Media type">
              {(control) => (
                <select id={control.id} {...bind(field, leave)}>
                  <option value="article">Article</option>
                  <option value="video">Video</option>
                  {/* Photo stories from the archive keep their type; new ones are articles or videos. */}
                  {field.state.value === 'gallery' ? <option value="gallery">Photo gallery</option> : null}
                </select>
              )}
            </FormField>
          )}
        </form.Field>
      </div>

      {mediaType === 'video' ? <form.Field name="video">{(field) => <ArticleVideoField field={field} error={shown(field)[0] ?? null} uploadVideo={uploadVideo} />}</form.Field> : null}

      {canPublish ? (
        <fieldset className="article-form__flags">
          <legend>Publishing</legend>
          <Toggle form={form} name="published" label="Published" hint="Off keeps the article as a draft that readers never see." />
          <ScheduleChoice form={form} schedule={schedule} maySchedule={maySchedule} live={live} busy={cancellingSchedule} timing={timing} onTiming={setTiming} onCancelSchedule={onCancelSchedule} />
          <Toggle form={form} name="is_lead_story" label="Lead Story" slot={{ name: 'lead', articleId: id, holders: frontPage, takenAt: slotTakenAt }} />
          <Toggle form={form} name="is_featured" label="Featured Story" />
          <Toggle form={form} name="is_breaking_news" label="Breaking News" slot={{ name: 'breaking', articleId: id, holders: frontPage, takenAt: slotTakenAt }} />
          <Toggle form={form} name="is_latest_update" label="Latest Update" />
        </fieldset>
      ) : (
        <p className="article-form__draft-only" id="article-draft-only">
          <strong>Saved as a draft.</strong> As a contributor you write drafts, which readers never see; an editor publishes them.
          {values.published ? ' The published article stays as it is until then.' : null}
        </p>
      )}

      <ArticlePlacement {...placement} live={live} />

      {/* Corrections amend what readers have read: offered on a live story, to those who publish. */}
      {canPublish && live ? (
        <form.Field name="corrections">{(field) => <CorrectionsField value={field.state.value} onChange={(next) => field.handleChange(next)} today={londonDay(new Date())} />}</form.Field>
      ) : null}

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
        {autosave ? <AutosaveStatus {...autosave} /> : null}
        <button type="button" className="article-form__secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="article-form__primary" aria-disabled={saving || undefined} disabled={conflict} aria-describedby={canPublish ? undefined : 'article-draft-only'}>
          {saving ? 'Saving...' : canPublish ? schedulingChosen ? 'Schedule Article' : 'Save Article' : 'Save Draft'}
        </button>
      </div>
    </form>
    </>
  )
}

/** A choice's options: the prompt, the choices, and the stored one when it is no longer among them. */
function ChoiceOptions({ options, value, placeholder, unknown }: { options: Option[]; value: string; placeholder: string; unknown: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.name}
        </option>
      ))}
      {value && !options.some((option) => option.id === value) ? <option value={value}>{unknown}</option> : null}
    </>
  )
}

/** The main image: uploads a chosen file (its progress and failure shown), then asks for its description. */
function MainImageField({ field, error, leave, uploadImage }: { field: AnyFieldApi; error: string | null; leave: (field: AnyFieldApi) => void; uploadImage: UploadImage }) {
  const [upload, setUpload] = useState<{ progress: number | null; error: string | null }>({ progress: null, error: null })
  const value = field.state.value as ArticleFormValues['main_image']
  return (
    <ImageField
      id="article-main-image"
      label="Main image"
      value={value}
      progress={upload.progress}
      uploadError={upload.error}
      error={error}
      onFile={(file) => {
        setUpload({ progress: 0, error: null })
        uploadImage(file, (progress) => setUpload((now) => ({ ...now, progress })))
          .then(({ assetRef }) => {
            field.handleChange({ assetRef, alt: (field.state.value as ArticleFormValues['main_image'])?.alt ?? '' })
            setUpload({ progress: null, error: null })
            // The next thing the image needs is its description.
            requestAnimationFrame(() => document.getElementById('article-main-image-alt')?.focus())
          })
          .catch((reason: unknown) => setUpload({ progress: null, error: `The image could not be uploaded: ${reason instanceof Error ? reason.message : String(reason)}` }))
      }}
      onAltChange={(alt) => field.handleChange((now: ArticleFormValues['main_image']) => (now ? { ...now, alt } : now))}
      onCreditChange={(credit) => field.handleChange((now: ArticleFormValues['main_image']) => (now ? { ...now, credit } : now))}
      onRemove={() => {
        field.handleChange(null)
        requestAnimationFrame(() => document.getElementById('article-main-image-file')?.focus())
      }}
      onBlur={() => leave(field)}
    />
  )
}

/** A video article's video: uploads a chosen file as a file asset (its progress and refusal shown) and plays it back. */
function ArticleVideoField({ field, error, uploadVideo }: { field: AnyFieldApi; error: string | null; uploadVideo: UploadVideo }) {
  const [upload, setUpload] = useState<{ progress: number | null; error: string | null }>({ progress: null, error: null })
  const value = (field.state.value as ArticleFormValues['video']) ?? null
  const extension = value ? /-([a-z0-9]+)$/.exec(value.assetRef)?.[1] : undefined
  const source = value ? videoSource({ asset: { _ref: value.assetRef }, mimeType: extension === 'webm' ? 'video/webm' : 'video/mp4' }) : null
  return (
    <VideoField
      id="article-video"
      label="Video"
      value={value ? { assetRef: value.assetRef, src: source?.src ?? null, filename: value.filename ?? null } : null}
      progress={upload.progress}
      uploadError={upload.error}
      error={error}
      onFile={(file) => {
        setUpload({ progress: 0, error: null })
        uploadVideo(file, (progress) => setUpload((now) => ({ ...now, progress })))
          .then(({ assetRef }) => {
            field.handleChange({ assetRef, filename: file.name })
            setUpload({ progress: null, error: null })
          })
          .catch((reason: unknown) => setUpload({ progress: null, error: `The video could not be uploaded: ${reason instanceof Error ? reason.message : String(reason)}` }))
      }}
      onRemove={() => {
        field.handleChange(null)
        requestAnimationFrame(() => document.getElementById('article-video-file')?.focus())
      }}
    />
  )
}

type FlagName = 'published' | 'is_lead_story' | 'is_featured' | 'is_breaking_news' | 'is_latest_update'

/** A single homepage slot a toggle asks for: whose it is now decides what the toggle says. */
interface SlotOfToggle {
  name: FrontPageSlot
  articleId: string
  holders: FrontPageHolders
  /** When a schedule will publish the article (UTC, ISO-8601): the slot changes hands then, not now. */
  takenAt: string | null
}

function Toggle({ form, name, label, hint, slot }: { form: ArticleFormApi; name: FlagName; label: string; hint?: string; slot?: SlotOfToggle }) {
  const id = `article-${name.replace(/_/g, '-')}`
  const describedBy = [hint ? `${id}-hint` : null, slot ? `${id}-slot` : null].filter(Boolean).join(' ') || undefined
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
            aria-describedby={describedBy}
            onChange={(event) => field.handleChange(event.target.checked)}
            onBlur={field.handleBlur}
          />
          <label htmlFor={id}>{label}</label>
          {hint ? (
            <p className="article-form__hint" id={`${id}-hint`}>
              {hint}
            </p>
          ) : null}
          {slot ? <SlotNote form={form} id={`${id}-slot`} slot={slot} /> : null}
        </div>
      )}
    </form.Field>
  )
}

/**
 * Which story the slot passes from when this article is saved ("Replaces: {title}"), said as soon as
 * the toggle is on, before any save; the save clears the flag on every other article (a scheduled
 * publish does when it runs, so the note says when). Always in the page, so a screen reader hears it
 * change.
 */
function SlotNote({ form, id, slot }: { form: ArticleFormApi; id: string; slot: SlotOfToggle }) {
  const flags = useStore(form.store, (state) => state.values)
  const replaced = replacedStory(slot.holders, slot.name, slot.articleId, flags)
  const asked = slot.name === 'lead' ? flags.is_lead_story : flags.is_breaking_news
  const holdsIt = asked && slot.holders[slot.name]?.id === slot.articleId
  return (
    <p className="article-form__hint article-form__slot" id={id} aria-live="polite">
      {replaced ? (
        <>
          <strong>Replaces: {replaced.title}</strong>
          {slot.takenAt ? (
            <> when the schedule publishes it, {londonTime(slot.takenAt)} London time.</>
          ) : flags.published ? null : (
            <> Saved as a draft, it replaces nothing until it is published.</>
          )}
        </>
      ) : holdsIt ? (
        'On the homepage now.'
      ) : null}
    </p>
  )
}

/** The form's choice of when a published article goes live, and the time chosen on London's clock. */
interface PublishTiming {
  when: PublishWhen
  at: string
  error: string | null
}

/** The next whole hour on London's clock: a time an editor is likely to want, and in the future. */
function nextHour(now: Date = new Date()): string {
  return londonInputOf(new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 + 3_600_000))
}

/**
 * Under the Published switch: the pending schedule with its Cancel, and, while Published is on and
 * nothing is scheduled, Publish now or Schedule for (for a live article, its changes).
 */
function ScheduleChoice({
  form,
  schedule,
  maySchedule,
  live,
  busy,
  timing,
  onTiming,
  onCancelSchedule,
}: {
  form: ArticleFormApi
  schedule: ScheduledPublish | null
  maySchedule: boolean
  live: boolean
  busy: boolean
  timing: PublishTiming
  onTiming: (timing: PublishTiming) => void
  onCancelSchedule?: () => void
}) {
  const published = useStore(form.store, (state) => state.values.published)
  const offered = maySchedule && published
  if (!schedule && !offered) return null
  return (
    <PublishSchedule
      scheduled={schedule}
      offered={offered}
      live={live}
      when={timing.when}
      at={timing.at}
      error={timing.error}
      busy={busy}
      onWhenChange={(when) => onTiming({ when, at: timing.at || nextHour(), error: null })}
      onAtChange={(at) => onTiming({ ...timing, at, error: null })}
      onCancelSchedule={() => onCancelSchedule?.()}
    />
  )
}
