import { useRef, useState, type ReactNode } from 'react'
import type { AuthorRow } from '../../content/admin/authors.ts'
import type { Loadable } from '../../content/admin/display.ts'
import { imageSource } from '../../content/format/image.ts'
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'
import { LoadError } from './LoadError.tsx'
import { authorPath } from '../../../shared/paths.ts'
import './AuthorList.css'

export interface AuthorListProps {
  state: Loadable<AuthorRow[]>
  onNew: () => void
  onEdit: (author: AuthorRow) => void
  /** Why the author may not be deleted (the articles that use them), or null when they may. */
  whyNotDelete: (author: AuthorRow) => Promise<string | null>
  onDelete: (author: AuthorRow) => Promise<unknown>
  onRetry?: () => void
  /** The open form (a new author, or one being edited), shown above the list. */
  form?: ReactNode
}

/** The Authors page: every author with their picture, slug and bio, to add, edit or delete. */
export function AuthorList({ state, onNew, onEdit, whyNotDelete, onDelete, onRetry, form }: AuthorListProps) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [pending, setPending] = useState<AuthorRow | null>(null)
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [checking, setChecking] = useState<string | null>(null)

  const ask = async (author: AuthorRow) => {
    if (checking) return
    setRefusal(null)
    setChecking(author.id)
    try {
      const why = await whyNotDelete(author)
      if (why) setRefusal(why)
      else setPending(author)
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error))
    } finally {
      setChecking(null)
    }
  }

  const confirm = async () => {
    if (!pending || busy) return
    setBusy(true)
    try {
      await onDelete(pending)
    } catch {
      // The route reports it.
    } finally {
      setBusy(false)
      setPending(null)
    }
  }

  let body: ReactNode
  if (state.status === 'loading') {
    body = (
      <p className="taxonomy__status" role="status">
        Loading...
      </p>
    )
  } else if (state.status === 'error') {
    body = <LoadError what="authors" message={state.message} onRetry={onRetry} />
  } else if (state.data.length === 0) {
    body = <p className="taxonomy__status">No authors yet. Add the first with New author.</p>
  } else {
    body = (
      <ul className="taxonomy__list" aria-label="Authors">
        {state.data.map((author) => {
          const picture = author.image ? imageSource({ asset: { _ref: author.image.assetRef } }, 'portrait') : null
          const name = author.name || 'Unnamed author'
          return (
            <li key={author.id} className="taxonomy__item">
              {picture ? <img className="taxonomy__picture" src={picture.src} width={64} height={64} alt="" /> : <span className="taxonomy__picture taxonomy__picture--none" aria-hidden="true" />}
              <div className="taxonomy__text">
                <h2 className="taxonomy__name">{name}</h2>
                <p className="taxonomy__slug">{authorPath(author.slug)}</p>
                {author.bio ? <p className="taxonomy__detail">{author.bio}</p> : <p className="taxonomy__detail taxonomy__none">No bio</p>}
              </div>
              <div className="taxonomy__actions">
                <button type="button" className="taxonomy__button" aria-label={`Edit ${name}`} onClick={() => onEdit(author)}>
                  Edit
                </button>
                <button type="button" className="taxonomy__button taxonomy__button--danger" aria-disabled={checking === author.id || undefined} aria-label={`Delete ${name}`} onClick={() => void ask(author)}>
                  Delete
                </button>
              </div>
            </li>
          )
        })}
      </ul>
    )
  }

  return (
    <section className="taxonomy" aria-labelledby="authors-heading">
      <div className="taxonomy__header">
        <h1 id="authors-heading" className="taxonomy__title" ref={headingRef} tabIndex={-1}>
          Authors
        </h1>
        <button type="button" className="taxonomy__button taxonomy__button--primary" onClick={onNew}>
          New author
        </button>
      </div>
      {form}
      {refusal ? (
        <div className="taxonomy__refusal" role="alert">
          <p>{refusal}</p>
          <button type="button" className="taxonomy__button" onClick={() => setRefusal(null)}>
            Dismiss
          </button>
        </div>
      ) : null}
      {body}
      <ConfirmDialog
        open={pending !== null}
        title="Delete author"
        message={pending ? `Are you sure you want to delete “${pending.name || 'Unnamed author'}”?` : ''}
        detail={<p>No article uses them. Their page goes from the site. This cannot be undone.</p>}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => {
          if (!busy) setPending(null)
        }}
        fallbackFocus={headingRef}
      />
    </section>
  )
}
