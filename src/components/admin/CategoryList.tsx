import { useRef, useState, type ReactNode } from 'react'
import { categoryKindLabels, type CategoryRow } from '../../content/admin/categories.ts'
import type { Loadable } from '../../content/admin/display.ts'
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'
import { LoadError } from './LoadError.tsx'
import { categoryPath } from '../../../shared/paths.ts'
import './AuthorList.css'

export interface CategoryListProps {
  state: Loadable<CategoryRow[]>
  onNew: () => void
  onEdit: (category: CategoryRow) => void
  /** Why the category may not be deleted (the articles that use it), or null when it may. */
  whyNotDelete: (category: CategoryRow) => Promise<string | null>
  onDelete: (category: CategoryRow) => Promise<unknown>
  onRetry?: () => void
  /** The open form (a new category, or one being edited), shown above the list. */
  form?: ReactNode
}

/** The Categories page: sections, topics and desks with their slugs and descriptions, to add, edit or delete. */
export function CategoryList({ state, onNew, onEdit, whyNotDelete, onDelete, onRetry, form }: CategoryListProps) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [pending, setPending] = useState<CategoryRow | null>(null)
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [checking, setChecking] = useState<string | null>(null)

  const ask = async (category: CategoryRow) => {
    if (checking) return
    setRefusal(null)
    setChecking(category.id)
    try {
      const why = await whyNotDelete(category)
      if (why) setRefusal(why)
      else setPending(category)
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
    body = <LoadError what="categories" message={state.message} onRetry={onRetry} />
  } else if (state.data.length === 0) {
    body = <p className="taxonomy__status">No categories yet. Add the first with New category.</p>
  } else {
    body = (
      <ul className="taxonomy__list" aria-label="Categories">
        {state.data.map((category) => {
          const title = category.title || 'Untitled category'
          return (
            <li key={category.id} className="taxonomy__item taxonomy__item--plain">
              <div className="taxonomy__text">
                <h2 className="taxonomy__name">
                  {title}
                  <span className="taxonomy__kind">{categoryKindLabels[category.kind].label}</span>
                </h2>
                <p className="taxonomy__slug">{categoryPath(category.slug, category.kind)}</p>
                {category.description ? <p className="taxonomy__detail">{category.description}</p> : <p className="taxonomy__detail taxonomy__none">No description</p>}
              </div>
              <div className="taxonomy__actions">
                <button type="button" className="taxonomy__button" aria-label={`Edit ${title}`} onClick={() => onEdit(category)}>
                  Edit
                </button>
                <button type="button" className="taxonomy__button taxonomy__button--danger" aria-disabled={checking === category.id || undefined} aria-label={`Delete ${title}`} onClick={() => void ask(category)}>
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
    <section className="taxonomy" aria-labelledby="categories-heading">
      <div className="taxonomy__header">
        <h1 id="categories-heading" className="taxonomy__title" ref={headingRef} tabIndex={-1}>
          Categories
        </h1>
        <button type="button" className="taxonomy__button taxonomy__button--primary" onClick={onNew}>
          New category
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
        title="Delete category"
        message={pending ? `Are you sure you want to delete “${pending.title || 'Untitled category'}”?` : ''}
        detail={<p>No article uses it. Its page goes from the site. This cannot be undone.</p>}
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
