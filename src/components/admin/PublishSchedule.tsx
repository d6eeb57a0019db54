import { londonTime, type ScheduledPublish } from '../../content/admin/schedules.ts'
import './PublishSchedule.css'

export type PublishWhen = 'now' | 'later'

export interface PublishScheduleProps {
  /** The article's pending scheduled publish, if it has one. */
  scheduled: ScheduledPublish | null
  /** Whether the form offers the choice: Published is on and no schedule is pending. */
  offered: boolean
  /**
   * The article is live already: what is scheduled is its changes, kept in its draft, and readers go
   * on seeing the published version until the schedule publishes the draft over it.
   */
  live?: boolean
  when: PublishWhen
  /** `datetime-local` text on London's clock. */
  at: string
  /** Why the chosen time cannot be scheduled. */
  error: string | null
  /** A schedule is being made or cancelled. */
  busy: boolean
  onWhenChange: (when: PublishWhen) => void
  onAtChange: (at: string) => void
  onCancelSchedule: () => void
}

/**
 * When a published article goes live (or a live article's changes do): now, or at a date and time on
 * London's clock (the paper's edition time, whatever the editor's own zone). A pending schedule is
 * said with its time, and can be cancelled, which leaves the draft as it is.
 */
export function PublishSchedule({ scheduled, offered, live = false, when, at, error, busy, onWhenChange, onAtChange, onCancelSchedule }: PublishScheduleProps) {
  return (
    <div className="publish-schedule">
      {/* Always in the page, so a screen reader hears a schedule made or cancelled. */}
      <div role="status" className="publish-schedule__status">
        {scheduled ? (
          <p className="publish-schedule__scheduled">
            <strong>
              {live ? 'Changes scheduled for' : 'Scheduled for'} {londonTime(scheduled.executeAt)}
            </strong>{' '}
            London time. {live ? 'Until then readers see the published version.' : 'Until then readers see nothing of it.'}
          </p>
        ) : null}
      </div>
      {scheduled ? (
        <button type="button" className="publish-schedule__cancel" onClick={onCancelSchedule} aria-disabled={busy || undefined}>
          {busy ? 'Cancelling...' : 'Cancel schedule'}
        </button>
      ) : null}
      {offered ? (
        <fieldset className="publish-schedule__when">
          <legend>When</legend>
          <label className="publish-schedule__choice">
            <input type="radio" name="publish-when" value="now" checked={when === 'now'} onChange={() => onWhenChange('now')} />
            Publish now
          </label>
          <label className="publish-schedule__choice">
            <input type="radio" name="publish-when" value="later" checked={when === 'later'} onChange={() => onWhenChange('later')} />
            Schedule for
          </label>
          {when === 'later' ? (
            <div className="publish-schedule__at">
              <label htmlFor="article-schedule-at">Date and time (London time)</label>
              <input
                id="article-schedule-at"
                type="datetime-local"
                value={at}
                onChange={(event) => onAtChange(event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'article-schedule-at-hint article-schedule-at-error' : 'article-schedule-at-hint'}
              />
              <p className="publish-schedule__hint" id="article-schedule-at-hint">
                The paper runs on London time (GMT, or BST in summer).{' '}
                {live ? 'Saving keeps the changes in a draft until then; readers see the published version.' : 'Saving keeps the article a draft until then.'}
              </p>
              {error ? (
                <p className="publish-schedule__error" id="article-schedule-at-error">
                  {error}
                </p>
              ) : null}
            </div>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  )
}
