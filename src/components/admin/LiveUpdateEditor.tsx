import { useState, type FormEvent, type KeyboardEvent } from 'react'
import { maxLiveUpdateHeadlineLength, liveUpdateMessages } from '../../../shared/liveBlog.ts'
import { deskMessages, isEmptyBody, type UpdateValues } from '../../content/admin/liveBlogDesk.ts'
import { editorToPortableText, emptyEditorDoc, portableTextToEditor, type EditorDocument } from '../../content/article/portableText.ts'
import { FormField } from './FormField.tsx'
import { RichTextEditor, type UploadImage } from './RichTextEditor.tsx'
import './LiveUpdateEditor.css'

export interface LiveUpdateEditorProps {
  /** Prefix of the controls' ids: one desk shows the composer and an edit form at once. */
  idPrefix: string
  /** The update being edited; none for a new one. */
  initial?: UpdateValues | null
  /** The byline a new update starts with (the article's author). */
  defaultAuthorId?: string | null
  authors: ReadonlyArray<{ id: string; name: string }>
  /** "Post update", "Save update". */
  submitLabel: string
  busyLabel: string
  busy?: boolean
  onSubmit: (values: UpdateValues) => void
  /** An edit form's Cancel; the composer has none. */
  onCancel?: () => void
  /** Puts the caret at the end of the text when the form appears (an edit opened by its button). */
  autoFocus?: boolean
  uploadImage: UploadImage
}

const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

/**
 * The live blog desk's compact editor: an optional headline, the body in the article's own editor
 * (the same toolbar), Key event and Pin switches and the byline. Ctrl+Enter (Cmd+Enter on a Mac)
 * submits from the headline or the text. Used to post a new update and to edit one in place.
 */
export function LiveUpdateEditor({ idPrefix, initial = null, defaultAuthorId = null, authors, submitLabel, busyLabel, busy = false, onSubmit, onCancel, autoFocus = false, uploadImage }: LiveUpdateEditorProps) {
  const [headline, setHeadline] = useState(initial?.headline ?? '')
  const [content, setContent] = useState<EditorDocument>(() => (initial ? portableTextToEditor(initial.body) : emptyEditorDoc()))
  const [isKeyEvent, setKeyEvent] = useState(initial?.isKeyEvent ?? false)
  const [isPinned, setPinned] = useState(initial?.isPinned ?? false)
  const [authorId, setAuthorId] = useState(initial ? initial.authorId : (defaultAuthorId ?? ''))
  const [errors, setErrors] = useState<{ headline?: string; body?: string }>({})

  const submit = () => {
    if (busy) return
    const body = editorToPortableText(content)
    const problems = {
      ...(headline.trim().length > maxLiveUpdateHeadlineLength ? { headline: liveUpdateMessages.headlineLong } : {}),
      ...(isEmptyBody(body) ? { body: deskMessages.bodyMissing } : {}),
    }
    setErrors(problems)
    if (problems.headline || problems.body) return
    onSubmit({ headline, body, isKeyEvent, isPinned, authorId })
  }
  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault()
    submit()
  }
  const onHeadlineKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault()
      submit()
    }
  }
  const id = (name: string) => `${idPrefix}-${name}`

  return (
    <form className="live-update-editor" onSubmit={onFormSubmit} noValidate aria-label={submitLabel}>
      <FormField id={id('headline')} label="Headline (optional)" errors={errors.headline ? [errors.headline] : []}>
        {(control) => <input {...control.props} type="text" value={headline} onChange={(e) => setHeadline(e.target.value)} onKeyDown={onHeadlineKey} />}
      </FormField>
      <FormField id={id('body')} label="Update" errors={errors.body ? [errors.body] : []} nativeControl={false} hint={`${mac ? '⌘' : 'Ctrl'}+Enter: ${submitLabel}.`}>
        {(control) => (
          <RichTextEditor
            id={control.id}
            labelId={control.labelId}
            value={content}
            onChange={(doc) => {
              setContent(doc)
              if (errors.body) setErrors((now) => ({ ...now, body: undefined }))
            }}
            invalid={control.invalid}
            describedBy={control.describedBy}
            uploadImage={uploadImage}
            autofocus={autoFocus ? 'end' : false}
            onSubmitShortcut={submit}
          />
        )}
      </FormField>
      <div className="live-update-editor__row">
        <div className="article-form__toggle">
          <input id={id('key')} type="checkbox" role="switch" checked={isKeyEvent} onChange={(e) => setKeyEvent(e.target.checked)} />
          <label htmlFor={id('key')}>Key event</label>
        </div>
        <div className="article-form__toggle">
          <input id={id('pin')} type="checkbox" role="switch" checked={isPinned} onChange={(e) => setPinned(e.target.checked)} aria-describedby={id('pin-hint')} />
          <label htmlFor={id('pin')}>Pin</label>
          <span className="article-form__hint" id={id('pin-hint')}>
            Shown above the updates; pinning moves the pin from any other.
          </span>
        </div>
        <div className="live-update-editor__author">
          <label htmlFor={id('author')}>Byline</label>
          <select id={id('author')} value={authorId} onChange={(e) => setAuthorId(e.target.value)}>
            <option value="">No byline</option>
            {authors.map((author) => (
              <option key={author.id} value={author.id}>
                {author.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="live-update-editor__buttons">
        {onCancel ? (
          <button type="button" className="article-form__secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className="article-form__primary" aria-disabled={busy || undefined}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  )
}
