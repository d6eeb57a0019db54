import { useState, type FormEvent } from 'react'
import { categoryErrors, categoryKindLabels, categoryKinds, categoryLimits, categorySlug, type CategoryErrors, type CategoryKind, type CategoryValues } from '../../content/admin/categories.ts'
import { categoryPath } from '../../../shared/paths.ts'
import './AuthorList.css'

/** A save the service refused because another category has the slug. */
export class CategorySlugTaken extends Error {}

export interface CategoryFormProps {
  mode: 'create' | 'edit'
  initial: CategoryValues
  /** Saves; a rejection's message is shown (CategorySlugTaken's under the slug). */
  onSubmit: (values: CategoryValues) => Promise<unknown>
  onCancel: () => void
}

const order = ['title', 'slug', 'kind', 'description'] as const

/** A category's form: title, slug (following the title until written by hand), kind and description. */
export function CategoryForm({ mode, initial, onSubmit, onCancel }: CategoryFormProps) {
  const [values, setValues] = useState(initial)
  const [slugByHand, setSlugByHand] = useState(mode === 'edit')
  const [errors, setErrors] = useState<CategoryErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const heading = mode === 'create' ? 'New category' : `Edit ${initial.title || 'category'}`

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (saving) return
    const found = categoryErrors(values)
    setErrors(found)
    setFailure(null)
    const first = order.find((field) => found[field])
    if (first) {
      document.getElementById(`category-${first}`)?.focus()
      return
    }
    setSaving(true)
    try {
      await onSubmit(values)
    } catch (error) {
      if (error instanceof CategorySlugTaken) {
        setErrors({ slug: error.message })
        document.getElementById('category-slug')?.focus()
      } else setFailure(error instanceof Error ? error.message : String(error))
    } finally {
      setSaving(false)
    }
  }

  const described = (name: keyof CategoryValues, hint: boolean) => [hint ? `category-${name}-hint` : null, errors[name] ? `category-${name}-error` : null].filter(Boolean).join(' ') || undefined
  const message = (name: keyof CategoryValues) =>
    errors[name] ? (
      <p className="taxonomy__error" id={`category-${name}-error`}>
        {errors[name]}
      </p>
    ) : null

  return (
    <form className="taxonomy__form" aria-labelledby="category-form-heading" noValidate onSubmit={(event) => void submit(event)}>
      <h2 id="category-form-heading">{heading}</h2>
      <div className="taxonomy__field">
        <label htmlFor="category-title">Title</label>
        <input
          id="category-title"
          type="text"
          value={values.title}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={described('title', false)}
          onChange={(e) => setValues({ ...values, title: e.target.value, slug: slugByHand ? values.slug : categorySlug(e.target.value) })}
        />
        {message('title')}
      </div>
      <div className="taxonomy__field">
        <label htmlFor="category-slug">Slug</label>
        <div className="taxonomy__slugrow">
          <input
            id="category-slug"
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
            disabled={values.title.trim() === ''}
            onClick={() => {
              setSlugByHand(false)
              setValues({ ...values, slug: categorySlug(values.title) })
            }}
          >
            Generate from title
          </button>
        </div>
        <p className="taxonomy__hint" id="category-slug-hint">
          Its page’s address: {categoryPath(values.slug || 'its-title', values.kind)}
        </p>
        {message('slug')}
      </div>
      <div className="taxonomy__field">
        <label htmlFor="category-kind">Kind</label>
        <select id="category-kind" value={values.kind} aria-describedby={described('kind', true)} onChange={(e) => setValues({ ...values, kind: e.target.value as CategoryKind })}>
          {categoryKinds.map((kind) => (
            <option key={kind} value={kind}>
              {categoryKindLabels[kind].label}
            </option>
          ))}
        </select>
        <p className="taxonomy__hint" id="category-kind-hint">
          {categoryKindLabels[values.kind].hint}.
        </p>
        {message('kind')}
      </div>
      <div className="taxonomy__field">
        <label htmlFor="category-description">Description</label>
        <textarea
          id="category-description"
          rows={3}
          value={values.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={described('description', true)}
          onChange={(e) => setValues({ ...values, description: e.target.value })}
        />
        <p className="taxonomy__hint" id="category-description-hint">
          Plain text, under the title on its page. {values.description.trim().length} of {categoryLimits.description} characters.
        </p>
        {message('description')}
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
        <button type="submit" className="taxonomy__button taxonomy__button--primary" aria-disabled={saving || undefined}>
          {saving ? 'Saving...' : mode === 'create' ? 'Create category' : 'Save category'}
        </button>
      </div>
    </form>
  )
}
