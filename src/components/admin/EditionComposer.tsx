import { useId, useRef, useState, type ReactNode } from 'react'
import type { Loadable } from '../../content/admin/display.ts'
import { adminDateTime } from '../../content/admin/display.ts'
import {
  composerLimits,
  scheduleInstant,
  sendQuestion,
  type ComposerField,
  type EditionDraft,
  type EditionPreview as Preview,
  type EditionStory,
} from '../../content/admin/newsletters.ts'
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'
import { ActionStatus, type ActionMessage } from './ActionStatus.tsx'
import { EditionPreview } from './EditionPreview.tsx'
import { FormField } from './FormField.tsx'
import './NewsroomList.css'
import './EditionComposer.css'

export type ComposerBusy = 'saving' | 'previewing' | 'testing' | 'sending' | 'scheduling' | 'unscheduling' | null

export interface EditionComposerProps {
  /** 'new' before the first save creates the edition. */
  mode: 'new' | 'edit'
  draft: EditionDraft
  /** Each field's problem, once the editor has tried to act. */
  errors: Partial<Record<ComposerField, string>>
  preview: Preview | null
  message: ActionMessage | null
  busy: ComposerBusy
  /** Whether the "send now?" question is open. */
  confirming: boolean
  /** When a scheduled edition goes (ISO); null when it is not scheduled. */
  scheduled: string | null
  /** Confirmed subscribers of From the Editors, for the send question; null when not known. */
  recipients: number | null
  /** The signed-in editor's address, where a test goes. */
  testAddress: string | null
  /** The story search: what was typed and what it found. */
  search: { q: string; results: Loadable<EditionStory[]> }
  onSearch: (q: string) => void
  onEdit: (draft: EditionDraft) => void
  onSave: () => void
  onPreview: () => void
  onTest: () => void
  onAskSend: () => void
  onConfirmSend: () => void
  onCancelSend: () => void
  /** Schedules the edition for an instant (ISO). */
  onSchedule: (at: string) => void
  onUnschedule: () => void
  /** The editor's clock, for "in the future" (tests pass a fixed one). */
  now?: () => Date
}

const busyLabels: Record<Exclude<ComposerBusy, null>, string> = {
  saving: 'Saving the draft...',
  previewing: 'Preparing the preview...',
  testing: 'Sending the test...',
  sending: 'Sending...',
  scheduling: 'Scheduling...',
  unscheduling: 'Cancelling the schedule...',
}

/**
 * The composer of an editors' edition (From the Editors): subject, a short introduction, stories
 * picked from what is published, then a preview exactly as subscribers get it, a test to the editor's
 * own address, and Send now or Schedule.
 */
export function EditionComposer(props: EditionComposerProps) {
  const { draft, errors, busy, scheduled, onEdit } = props
  const id = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [sendAt, setSendAt] = useState('')
  const [sendAtError, setSendAtError] = useState<string | null>(null)
  const locked = scheduled !== null || busy !== null
  const picked = new Set(draft.stories.map((story) => story._id))

  function move(index: number, by: -1 | 1) {
    const stories = [...draft.stories]
    const [story] = stories.splice(index, 1)
    stories.splice(index + by, 0, story!)
    onEdit({ ...draft, stories })
  }

  function schedule() {
    const at = scheduleInstant(sendAt)
    const now = props.now?.() ?? new Date()
    if (!at || new Date(at).getTime() <= now.getTime()) {
      setSendAtError('Please choose a date and time in the future.')
      return
    }
    setSendAtError(null)
    props.onSchedule(at)
  }

  return (
    <div className="newsroom-list edition-composer">
      <div className="newsroom-list__header">
        <h1 className="newsroom-list__title" ref={headingRef} tabIndex={-1}>
          {props.mode === 'new' ? 'New edition of From the Editors' : 'Edition of From the Editors'}
        </h1>
      </div>
      {scheduled !== null ? (
        <div className="edition-composer__scheduled">
          <p>
            <strong>Scheduled for {adminDateTime(scheduled) ?? scheduled}.</strong> To change it, cancel the schedule: it becomes a draft again.
          </p>
          <button type="button" className="newsroom-list__button" onClick={props.onUnschedule} aria-disabled={busy !== null || undefined}>
            Cancel schedule
          </button>
        </div>
      ) : null}
      <form
        className="edition-composer__form"
        aria-label="Edition"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (!locked) props.onSave()
        }}
      >
        <FormField id={`${id}-subject`} label="Subject" errors={errors.subject ? [errors.subject] : []} hint={`What subscribers see in their inbox; up to ${composerLimits.subject} characters.`}>
          {(field) => <input {...field.props} type="text" value={draft.subject} readOnly={scheduled !== null} onChange={(event) => onEdit({ ...draft, subject: event.target.value })} />}
        </FormField>
        <FormField id={`${id}-intro`} label="Introduction" errors={errors.intro ? [errors.intro] : []} hint="A short note from the editors, above the stories: why they matter now.">
          {(field) => <textarea {...field.props} rows={5} value={draft.intro} readOnly={scheduled !== null} onChange={(event) => onEdit({ ...draft, intro: event.target.value })} />}
        </FormField>
        <fieldset className="edition-composer__stories" aria-describedby={errors.stories ? `${id}-stories-error` : undefined}>
          <legend>Stories</legend>
          {errors.stories ? (
            <p id={`${id}-stories-error`} className="edition-composer__error">
              {errors.stories}
            </p>
          ) : null}
          {draft.stories.length === 0 ? (
            <p className="newsroom-list__none">No stories picked yet. Find them below.</p>
          ) : (
            <ol className="edition-composer__picked" aria-label="Stories in this edition, in order">
              {draft.stories.map((story, index) => (
                <li key={story._id}>
                  <span className="edition-composer__story-title">{story.title}</span>
                  {scheduled === null ? (
                    <span className="edition-composer__story-actions">
                      <button type="button" className="newsroom-list__button" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Move “${story.title}” up`}>
                        Up
                      </button>
                      <button
                        type="button"
                        className="newsroom-list__button"
                        disabled={index === draft.stories.length - 1}
                        onClick={() => move(index, 1)}
                        aria-label={`Move “${story.title}” down`}
                      >
                        Down
                      </button>
                      <button
                        type="button"
                        className="newsroom-list__button"
                        onClick={() => onEdit({ ...draft, stories: draft.stories.filter((s) => s._id !== story._id) })}
                        aria-label={`Remove “${story.title}”`}
                      >
                        Remove
                      </button>
                    </span>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
          {scheduled === null ? (
            <div className="edition-composer__search">
              <label htmlFor={`${id}-search`}>Find published stories</label>
              <input id={`${id}-search`} type="search" value={props.search.q} onChange={(event) => props.onSearch(event.target.value)} aria-describedby={`${id}-search-status`} />
              <p id={`${id}-search-status`} className="newsroom-list__summary" role="status">
                {searchStatus(props.search)}
              </p>
              {props.search.results.status === 'ready' && props.search.results.data.length > 0 ? (
                <ul className="edition-composer__results" aria-label="Published stories found">
                  {props.search.results.data.map((story) => (
                    <li key={story._id}>
                      <span>
                        <span className="edition-composer__story-title">{story.title}</span>
                        {story.publishedAt ? <span className="edition-composer__date"> {adminDateTime(story.publishedAt)}</span> : null}
                      </span>
                      <button
                        type="button"
                        className="newsroom-list__button"
                        disabled={picked.has(story._id) || draft.stories.length >= composerLimits.stories}
                        onClick={() => onEdit({ ...draft, stories: [...draft.stories, story] })}
                        aria-label={picked.has(story._id) ? `“${story.title}” is in the edition` : `Add “${story.title}”`}
                      >
                        {picked.has(story._id) ? 'Added' : 'Add'}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
        </fieldset>
        {scheduled === null ? (
          <div className="edition-composer__actions">
            <button type="submit" className="newsroom-list__button" aria-disabled={locked || undefined}>
              Save draft
            </button>
            <Action onClick={props.onPreview} locked={locked}>
              Preview
            </Action>
            <Action onClick={props.onTest} locked={locked} describedBy={`${id}-test-to`}>
              Send test to me
            </Action>
            <Action onClick={props.onAskSend} locked={locked} primary>
              Send now
            </Action>
          </div>
        ) : null}
        {props.testAddress && scheduled === null ? (
          <p id={`${id}-test-to`} className="edition-composer__help">
            A test goes to {props.testAddress} only, with links that work for nobody else.
          </p>
        ) : null}
        {scheduled === null ? (
          <div className="edition-composer__schedule">
            <FormField id={`${id}-send-at`} label="Send at (your time)" errors={sendAtError ? [sendAtError] : []}>
              {(field) => <input {...field.props} type="datetime-local" value={sendAt} onChange={(event) => setSendAt(event.target.value)} />}
            </FormField>
            <Action onClick={schedule} locked={locked}>
              Schedule
            </Action>
          </div>
        ) : null}
        <div className="edition-composer__messages">
          <ActionStatus busyLabel={busy ? busyLabels[busy] : null} message={props.message} />
        </div>
      </form>
      {props.preview ? <EditionPreview preview={props.preview} /> : null}
      <ConfirmDialog
        open={props.confirming}
        title="Send edition"
        message={sendQuestion(props.recipients)}
        detail={<p>“{draft.subject.trim()}” goes to each of them once. This cannot be called back.</p>}
        confirmLabel="Send now"
        busyLabel="Sending..."
        busy={busy === 'sending'}
        onConfirm={props.onConfirmSend}
        onCancel={props.onCancelSend}
        fallbackFocus={headingRef}
      />
    </div>
  )
}

function searchStatus(search: EditionComposerProps['search']): string {
  if (search.results.status === 'loading') return 'Searching...'
  if (search.results.status === 'error') return `The search failed: ${search.results.message}`
  const found = search.results.data.length
  if (found === 0) return search.q.trim() ? `No published story has “${search.q.trim()}” in its title.` : 'No published stories yet.'
  return search.q.trim() ? `${found} published ${found === 1 ? 'story' : 'stories'} found.` : `The ${found} latest published stories.`
}

function Action({ children, onClick, locked, primary, describedBy }: { children: ReactNode; onClick: () => void; locked: boolean; primary?: boolean; describedBy?: string }) {
  return (
    <button
      type="button"
      className={`newsroom-list__button${primary ? ' edition-composer__primary' : ''}`}
      aria-disabled={locked || undefined}
      aria-describedby={describedBy}
      onClick={() => {
        if (!locked) onClick()
      }}
    >
      {children}
    </button>
  )
}
