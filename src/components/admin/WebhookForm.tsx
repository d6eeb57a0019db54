import { useId, useRef, useState, type FormEvent } from 'react'
import { emptyWebhookForm, triggerLabels, webhookFormErrors, type WebhookFormErrors, type WebhookFormValues } from '../../content/admin/webhooks.ts'
import { webhookTriggers, type WebhookField } from '../../../shared/webhooks.ts'
import { FormField } from './FormField.tsx'
import './WebhookForm.css'

export interface WebhookFormProps {
  /** The dataset new hooks watch, said in the form. */
  dataset: string
  /** The service's messages for the last attempt, by field (a filter that does not parse, say). */
  serverErrors?: WebhookFormErrors
  /** A message that belongs to no one field (the service could not be reached). */
  formError?: string | null
  busy?: boolean
  /** Called with values the form's own checks passed; the service may still refuse them. */
  onSubmit: (values: WebhookFormValues) => void
}

const noErrors: WebhookFormErrors = {}

// The order fields are checked in, for moving focus to the first one wrong.
const fieldOrder: readonly WebhookField[] = ['name', 'url', 'filter', 'projection', 'triggers', 'secret']

/**
 * The form that adds a webhook: where to send changes, which documents (a GROQ filter) and what of
 * them (a projection), on which changes, whether drafts count, and the secret each delivery is
 * signed with. Its own checks run on Create; the service's answer (whether the GROQ parses) comes
 * back through `serverErrors`. A wrong field gets focus and says what is wrong under it.
 */
export function WebhookForm({ dataset, serverErrors = noErrors, formError = null, busy = false, onSubmit }: WebhookFormProps) {
  const id = useId()
  const [values, setValues] = useState<WebhookFormValues>(emptyWebhookForm)
  const [localErrors, setLocalErrors] = useState<WebhookFormErrors>({})
  const [shownServerErrors, setShownServerErrors] = useState<WebhookFormErrors>(serverErrors)
  const [lastServerErrors, setLastServerErrors] = useState(serverErrors)
  const formRef = useRef<HTMLFormElement>(null)
  // New messages from the service replace what the admin has since changed.
  if (serverErrors !== lastServerErrors) {
    setLastServerErrors(serverErrors)
    setShownServerErrors(serverErrors)
  }
  const errors: WebhookFormErrors = { ...shownServerErrors, ...localErrors }

  const change = <K extends keyof WebhookFormValues>(field: K, value: WebhookFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }))
    // A field's message goes once it is changed; it is checked again on Create.
    const key = field as WebhookField
    setLocalErrors(({ [key]: _dropped, ...rest }) => rest)
    setShownServerErrors(({ [key]: _dropped, ...rest }) => rest)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const found = webhookFormErrors(values)
    setLocalErrors(found)
    const first = fieldOrder.find((f) => found[f])
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus()
      return
    }
    onSubmit(values)
  }

  const errorsOf = (field: WebhookField) => (errors[field] ? [errors[field]!] : [])
  const triggersId = `${id}-triggers`

  return (
    <form ref={formRef} className="webhook-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="webhook-form__title">
        New webhook
      </h2>
      <p className="webhook-form__intro">
        Each change in the <strong>{dataset}</strong> dataset that the filter matches is sent to the URL as JSON, signed with the secret.
      </p>
      {formError ? (
        <p className="webhook-form__form-error" role="alert">
          {formError}
        </p>
      ) : null}
      <FormField id={`${id}-name`} label="Name" errors={errorsOf('name')} hint="Optional; the URL's host when left empty.">
        {(c) => <input {...c.props} data-field="name" type="text" value={values.name} onChange={(e) => change('name', e.target.value)} autoComplete="off" />}
      </FormField>
      <FormField id={`${id}-url`} label="URL" errors={errorsOf('url')} hint="An http:// or https:// address. Redirects are not followed.">
        {(c) => <input {...c.props} data-field="url" type="url" inputMode="url" value={values.url} onChange={(e) => change('url', e.target.value)} autoComplete="off" spellCheck={false} />}
      </FormField>
      <FormField id={`${id}-filter`} label="Filter (GROQ)" errors={errorsOf('filter')} hint={<>Which documents fire it, such as <code>_type == "article"</code>. Empty: every document.</>}>
        {(c) => <textarea {...c.props} data-field="filter" className="webhook-form__code" rows={2} value={values.filter} onChange={(e) => change('filter', e.target.value)} spellCheck={false} />}
      </FormField>
      <FormField id={`${id}-projection`} label="Projection (GROQ)" errors={errorsOf('projection')} hint={<>What is sent, such as <code>{'{_id, title, "slug": slug.current}'}</code>. Empty: the whole document.</>}>
        {(c) => <textarea {...c.props} data-field="projection" className="webhook-form__code" rows={2} value={values.projection} onChange={(e) => change('projection', e.target.value)} spellCheck={false} />}
      </FormField>
      <fieldset className="webhook-form__triggers" aria-describedby={errors.triggers ? `${triggersId}-error` : undefined} aria-invalid={errors.triggers ? true : undefined}>
        <legend>Send on</legend>
        {webhookTriggers.map((trigger, index) => (
          <label key={trigger} className="webhook-form__check">
            <input
              type="checkbox"
              data-field={index === 0 ? 'triggers' : undefined}
              checked={values.triggers[trigger]}
              onChange={(e) => change('triggers', { ...values.triggers, [trigger]: e.target.checked })}
            />
            {triggerLabels[trigger]}
          </label>
        ))}
        {errors.triggers ? (
          <div className="article-form__error" id={`${triggersId}-error`}>
            <p>{errors.triggers}</p>
          </div>
        ) : null}
      </fieldset>
      <label className="webhook-form__check webhook-form__drafts">
        <input type="checkbox" checked={values.includeDrafts} onChange={(e) => change('includeDrafts', e.target.checked)} />
        Also send changes to drafts
      </label>
      <FormField id={`${id}-secret`} label="Secret" errors={errorsOf('secret')} hint="Signs each delivery (the sanity-webhook-signature header). It is not shown again.">
        {(c) => <input {...c.props} data-field="secret" type="password" value={values.secret} onChange={(e) => change('secret', e.target.value)} autoComplete="new-password" />}
      </FormField>
      <div className="webhook-form__actions">
        <button type="submit" className="webhook-form__submit" aria-disabled={busy || undefined}>
          {busy ? 'Creating...' : 'Create webhook'}
        </button>
      </div>
    </form>
  )
}
