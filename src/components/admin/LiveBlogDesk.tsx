import { useEffect, useRef, type ReactNode } from 'react'
import { deskMessages, type DeskUpdate, type DeskView, type UpdateValues } from '../../content/admin/liveBlogDesk.ts'
import { updateClock } from '../../content/liveblog/format.ts'
import type { ArticleBodyNode } from '../../content/article/article.ts'
import { PortableTextBody } from '../article/PortableTextBody.tsx'
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'
import { LiveUpdateEditor } from './LiveUpdateEditor.tsx'
import type { UploadImage } from './RichTextEditor.tsx'
import './LiveBlogDesk.css'

export interface LiveBlogDeskProps extends DeskView {
  /** Who else has the article open (the article form's presence line). */
  notice?: ReactNode
  /** The clock the updates' times are told against (today's show only the time). */
  now: Date
  uploadImage: UploadImage
  onPost: (values: UpdateValues) => void
  onEdit: (id: string) => void
  onCancelEdit: () => void
  onSave: (values: UpdateValues) => void
  onDelete: (id: string) => void
  onPublish: (id: string) => void
  onStartCoverage: () => void
  onEndCoverage: () => void
  onConfirm: () => void
  onCancel: () => void
  onRetry: () => void
  onShowOlder: () => void
}

const editButtonId = (id: string) => `live-desk-edit-${id}`

const valuesOf = (update: DeskUpdate): UpdateValues => ({ headline: update.headline, body: update.body, isKeyEvent: update.isKeyEvent, isPinned: update.isPinned, authorId: update.authorId ?? '' })

/**
 * The live blog desk beside an article's form: Start or End live coverage, a compact editor to post
 * an update fast, and the blog's updates newest first, each edited in place, deleted after a
 * question, or (a contributor's draft) published by an editor. What the last action did is said in
 * a polite live region.
 */
export function LiveBlogDesk(props: LiveBlogDeskProps) {
  const { status, loadError, data, canPublish, posting, postKey, editing, saving, confirming, busy, changingCoverage, loadingOlder, message, notice, now, uploadImage } = props
  const headingRef = useRef<HTMLHeadingElement>(null)
  const blog = data?.blog ?? null
  const live = blog !== null && blog.isLiveBlog && blog.endedAt === null
  const ended = blog !== null && blog.isLiveBlog && blog.endedAt !== null
  // The Edit button that opened a form is replaced by it, and comes back when the form closes: the
  // keyboard's place follows (into the text, then back to that update's Edit), not lost to the page.
  const editingId = editing?.id ?? null
  const lastEditing = useRef<string | null>(null)
  useEffect(() => {
    const closed = lastEditing.current
    lastEditing.current = editingId
    if (editingId === null && closed !== null) (document.getElementById(editButtonId(closed)) ?? headingRef.current)?.focus()
  }, [editingId])
  const clockOf = (iso: string | null) => (iso && !Number.isNaN(Date.parse(iso)) ? updateClock(new Date(iso), now) : '')

  return (
    <section className="live-desk" aria-labelledby="live-desk-heading">
      <div className="live-desk__head">
        <h2 id="live-desk-heading" ref={headingRef} tabIndex={-1}>
          Live blog desk
        </h2>
        {live ? <span className="live-desk__live">LIVE</span> : null}
      </div>
      {notice}
      <p className={`live-desk__message${message ? ` live-desk__message--${message.tone}` : ''}`} role="status" aria-live="polite">
        {message?.text ?? ''}
      </p>
      {status === 'loading' ? <p className="live-desk__quiet">Loading the live blog…</p> : null}
      {status === 'failed' ? (
        <div className="article-form__alert" role="alert">
          <p>{loadError ?? deskMessages.loadFailed}</p>
          <button type="button" onClick={props.onRetry}>
            Try again
          </button>
        </div>
      ) : null}
      {status === 'ready' && blog ? (
        <>
          <div className="live-desk__coverage">
            {ended ? <p className="live-desk__ended">This live blog has ended{clockOf(blog.endedAt) ? ` (${clockOf(blog.endedAt)})` : ''}.</p> : null}
            {!blog.isLiveBlog ? <p className="live-desk__quiet">{canPublish ? deskMessages.notLive : 'An editor starts live coverage of this article; you can then draft updates here.'}</p> : null}
            {canPublish && !live ? (
              <button type="button" className="article-form__secondary" onClick={props.onStartCoverage} aria-disabled={changingCoverage !== null || undefined}>
                {changingCoverage === 'start' ? 'Starting…' : ended ? 'Resume live coverage' : 'Start live coverage'}
              </button>
            ) : null}
            {canPublish && live ? (
              <button type="button" className="article-form__secondary" onClick={props.onEndCoverage} aria-disabled={changingCoverage !== null || undefined}>
                {changingCoverage === 'end' ? 'Ending…' : 'End live coverage'}
              </button>
            ) : null}
          </div>
          {live ? (
            <div className="live-desk__composer">
              <h3>New update</h3>
              {canPublish ? null : <p className="live-desk__quiet">Your update is saved as a draft: an editor publishes it.</p>}
              <LiveUpdateEditor
                key={postKey}
                idPrefix="live-post"
                defaultAuthorId={blog.authorId}
                authors={data!.authors}
                submitLabel={canPublish ? 'Post update' : 'Save draft update'}
                busyLabel={canPublish ? 'Posting…' : 'Saving…'}
                busy={posting}
                onSubmit={props.onPost}
                uploadImage={uploadImage}
              />
            </div>
          ) : null}
          {blog.isLiveBlog || data!.total > 0 ? (
            <div className="live-desk__list">
              <h3>
                Updates <span className="live-desk__count">({data!.total})</span>
              </h3>
              {data!.updates.length === 0 ? <p className="live-desk__quiet">No updates yet.</p> : null}
              <ol className="live-desk__updates">
                {data!.updates.map((update) => {
                  const time = clockOf(update.publishedAt)
                  const name = update.headline || time
                  const mayChange = canPublish || update.draft
                  if (editing?.id === update.id) {
                    return (
                      <li key={update.id} className="live-desk__update live-desk__update--editing">
                        <p className="live-desk__meta">
                          Editing the update posted <time dateTime={update.publishedAt}>{time}</time>
                        </p>
                        <LiveUpdateEditor
                          idPrefix={`live-edit-${update.id}`}
                          initial={valuesOf(editing)}
                          authors={data!.authors}
                          submitLabel="Save update"
                          busyLabel="Saving…"
                          busy={saving}
                          onSubmit={props.onSave}
                          onCancel={props.onCancelEdit}
                          autoFocus
                          uploadImage={uploadImage}
                        />
                      </li>
                    )
                  }
                  return (
                    <li key={update.id} className={`live-desk__update${update.draft ? ' live-desk__update--draft' : ''}`}>
                      <p className="live-desk__meta">
                        <time dateTime={update.publishedAt}>{time}</time>
                        <span>{update.authorName ?? 'No byline'}</span>
                        {update.draft ? <span className="live-desk__badge live-desk__badge--draft">Draft</span> : null}
                        {update.isPinned ? <span className="live-desk__badge">Pinned</span> : null}
                        {update.isKeyEvent ? <span className="live-desk__badge">Key event</span> : null}
                        {update.updatedAt && !update.draft ? <span className="live-desk__updated">Updated {clockOf(update.updatedAt)}</span> : null}
                      </p>
                      {update.headline ? <h4 className="live-desk__headline">{update.headline}</h4> : null}
                      <div className="live-desk__body">
                        {/* The same Portable Text nodes, typed as the reader side reads them: rendered as on the article page. */}
                        <PortableTextBody value={update.body as unknown as ArticleBodyNode[]} />
                      </div>
                      {mayChange ? (
                        <div className="live-desk__actions">
                          {canPublish && update.draft ? (
                            <button type="button" className="article-form__primary" onClick={() => props.onPublish(update.id)} aria-disabled={busy !== null || undefined} aria-label={`Publish the draft update ${name}`}>
                              {busy?.id === update.id && busy.action === 'publish' ? 'Publishing…' : 'Publish'}
                            </button>
                          ) : null}
                          <button type="button" id={editButtonId(update.id)} className="article-form__secondary" onClick={() => props.onEdit(update.id)} disabled={editing !== null} aria-label={`Edit the update ${name}`}>
                            Edit
                          </button>
                          <button type="button" className="article-form__secondary live-desk__delete" onClick={() => props.onDelete(update.id)} disabled={editing !== null} aria-label={`Delete the update ${name}`}>
                            {busy?.id === update.id && busy.action === 'delete' ? 'Deleting…' : 'Delete'}
                          </button>
                        </div>
                      ) : null}
                    </li>
                  )
                })}
              </ol>
              {data!.older ? (
                <div className="live-desk__older">
                  <p className="live-desk__quiet">
                    Showing the newest {data!.updates.length} of {data!.total} updates.
                  </p>
                  <button type="button" className="article-form__secondary" onClick={props.onShowOlder} aria-disabled={loadingOlder || undefined}>
                    {loadingOlder ? 'Loading older updates…' : 'Show older updates'}
                  </button>
                </div>
              ) : null}
            </div>
          ) : null}
        </>
      ) : null}
      <ConfirmDialog
        open={confirming?.kind === 'delete'}
        title="Delete update"
        message="Are you sure you want to delete this update?"
        detail={confirming?.kind === 'delete' ? <p>{`The update posted ${clockOf(confirming.update.publishedAt)}${confirming.update.headline ? `, “${confirming.update.headline}”,` : ''} will be removed for readers and editors. This cannot be undone.`}</p> : null}
        busy={busy?.action === 'delete'}
        onConfirm={props.onConfirm}
        onCancel={props.onCancel}
        fallbackFocus={headingRef}
      />
      <ConfirmDialog
        open={confirming?.kind === 'end'}
        title="End live coverage"
        message="Are you sure you want to end live coverage?"
        detail={<p>Readers will see “This live blog has ended” and open pages stop waiting for updates. Its updates stay on the page. On the homepage it leaves the Breaking News banner, if it is there.</p>}
        confirmLabel="End live coverage"
        busyLabel="Ending…"
        busy={changingCoverage === 'end'}
        onConfirm={props.onConfirm}
        onCancel={props.onCancel}
        fallbackFocus={headingRef}
      />
    </section>
  )
}
