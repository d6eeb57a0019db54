import { useForm, useStore, type AnyFieldApi } from '@tanstack/react-form'
import { useEffect, useRef } from 'react'
import { articleFormSchema, fieldOrder } from '../../content/admin/articleForm/validation.ts'
import type { ArticleFormValues } from '../../content/admin/articleForm/values.ts'
import { useHeldWhilePressed } from '../ui/useHeldWhilePressed.ts'

/** Where each field's focusable element is, for moving focus to the first invalid one. */
const focusTarget: Record<(typeof fieldOrder)[number], string> = {
  title: 'article-title',
  slug: 'article-slug',
  excerpt: 'article-excerpt',
  content: 'article-content',
  author_id: 'article-author',
  category_ids: 'article-categories',
  main_image: 'article-main-image-alt',
  published_at: 'article-published-at',
  media_type: 'article-media-type',
  video: 'article-video-file',
}

/** The messages of a field's errors: valibot issues (their `message`) or plain strings, once each. */
function messagesOf(errors: readonly unknown[]): string[] {
  const texts = errors.map((error) => (typeof error === 'string' ? error : typeof (error as { message?: unknown } | null)?.message === 'string' ? (error as { message: string }).message : null))
  return [...new Set(texts.filter((text): text is string => Boolean(text)))]
}

function useArticleFormApi(values: ArticleFormValues, onSubmit: (values: ArticleFormValues) => void) {
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

export type ArticleFormApi = ReturnType<typeof useArticleFormApi>

/**
 * The article form's TanStack form, validated by the spec's schema, with focus moved to the first
 * invalid field on a refused submit; `shown` gives a field's messages once they are due, `leave` is
 * a control's blur.
 */
export function useArticleForm(values: ArticleFormValues, onSubmit: (values: ArticleFormValues) => void) {
  const form = useArticleFormApi(values, onSubmit)

  // A newly loaded article replaces what the form shows; the defaults stay those it started with.
  const loaded = useRef(values)
  useEffect(() => {
    if (values === loaded.current) return
    loaded.current = values
    form.reset(values, { keepDefaultValues: true })
  }, [values, form])

  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  const held = useHeldWhilePressed()
  // Errors show once a field has been left, or after a submit.
  const shown = (field: AnyFieldApi): string[] => ((field.state.meta.isBlurred && !held.has(field.name)) || submitted ? messagesOf(field.state.meta.errors) : [])
  const leave = (field: AnyFieldApi) => {
    held.hold(field.name)
    field.handleBlur()
    void field.validate('change')
  }
  return { form, shown, leave }
}
