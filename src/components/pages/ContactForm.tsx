import { useForm, useStore } from '@tanstack/react-form'
import { useId, useRef, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { emptyContactMessage } from '../../content/pages/contact.ts'
import {
  contactFieldOrder,
  contactSchema,
  emailSchema,
  fullNameSchema,
  messageSchema,
  subjectSchema,
  type ContactFieldName,
  type ContactMessage,
  type FormResult,
} from '../../../shared/readerForms.ts'
import { useHeldWhilePressed } from '../ui/useHeldWhilePressed.ts'
import { FormNotice } from './FormNotice.tsx'
import './ContactForm.css'

export interface ContactFormProps {
  /**
   * Sends the trimmed message once it is valid. The form thanks the reader only when the answer says
   * the message was received; otherwise it keeps what they typed and says what went wrong. A throw
   * is a message for the reader (the service could not be reached).
   */
  onSubmit: (message: ContactMessage) => Promise<FormResult>
  /** What the fields hold at first: a story's values, or what was typed into a form the service sent back. */
  initialValues?: ContactMessage
  /** The service's problem with each field of a form it sent back (sent without JavaScript). */
  initialErrors?: Record<string, string>
  /** The service's problem with the whole form it sent back (too many sent). */
  initialNotice?: string | null
}

interface FieldSetup {
  label: string
  schema: v.GenericSchema<string, string>
  type?: 'text' | 'email'
  autoComplete?: string
  multiline?: boolean
}

const fields: Record<ContactFieldName, FieldSetup> = {
  fullName: { label: 'Full Name', schema: fullNameSchema, autoComplete: 'name' },
  email: { label: 'Email Address', schema: emailSchema, type: 'email', autoComplete: 'email' },
  subject: { label: 'Subject', schema: subjectSchema },
  message: { label: 'Message', schema: messageSchema, multiline: true },
}

export function ContactForm({ onSubmit, initialValues = emptyContactMessage, initialErrors = {}, initialNotice = null }: ContactFormProps) {
  const id = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [confirmation, setConfirmation] = useState('')
  const [notice, setNotice] = useState<string | null>(initialNotice)
  const [sending, setSending] = useState(false)
  // The service's word on a field stands until the reader changes that field.
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(initialErrors)
  const form = useForm({
    defaultValues: initialValues,
    // Without this the form refuses a second submit while errors stand, without checking the
    // untouched fields or moving focus; every submit should show every problem.
    canSubmitWhenInvalid: true,
    onSubmit: async ({ value, formApi }) => {
      const message = v.parse(contactSchema, value)
      setSending(true)
      let result: FormResult
      try {
        result = await onSubmit(message)
      } catch (error) {
        setNotice(error instanceof Error ? error.message : String(error))
        return
      } finally {
        setSending(false)
      }
      if (!result.ok) {
        setServerErrors(result.errors ?? {})
        setNotice(result.notice ?? null)
        return
      }
      // Keep the starting values as the defaults: otherwise the next render, still passing them,
      // puts them back into the cleared form.
      formApi.reset(emptyContactMessage, { keepDefaultValues: true })
      setConfirmation(`Thank you, ${message.fullName}. Your message has been received.`)
    },
    onSubmitInvalid: ({ formApi }) => {
      const first = contactFieldOrder.find((name) => (formApi.getFieldMeta(name)?.errors.length ?? 0) > 0)
      const control = first ? formRef.current?.elements.namedItem(first) : null
      if (control instanceof HTMLElement) control.focus()
    },
  })
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  // A message due to leaving a field by pointer waits for the press to end, so pressing Send Message
  // just after a mistake is not lost to the message pushing the button down.
  const held = useHeldWhilePressed()

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (sending) return
    setConfirmation('')
    setNotice(null)
    void form.handleSubmit()
  }

  // Without JavaScript the browser posts the form to the service itself, which answers with a
  // page: the same fields, by the same names.
  return (
    <form ref={formRef} className="contact-form" method="post" action="/contact" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="contact-form__title">
        Send us a message
      </h2>
      <p className="contact-form__hint">All fields are required.</p>
      {contactFieldOrder.map((name) => {
        const setup = fields[name]
        return (
          <form.Field key={name} name={name} validators={{ onChange: setup.schema }}>
            {(field) => {
              const controlId = `${id}-${name}`
              const change = (handle: (value: string) => void, value: string) => {
                handle(value)
                if (serverErrors[name]) setServerErrors(({ [name]: _, ...rest }) => rest)
              }
              const errorId = `${controlId}-error`
              // Errors wait until the reader has left the field or tried to send, so nobody is told
              // off while still typing; once shown they update as the field changes.
              const error = ((field.state.meta.isBlurred && !held.has(name)) || submitted ? field.state.meta.errors[0]?.message : undefined) ?? serverErrors[name]
              const shared = {
                id: controlId,
                name,
                value: field.state.value,
                required: true,
                'aria-invalid': error ? true : undefined,
                'aria-describedby': error ? errorId : undefined,
                onBlur: () => {
                  held.hold(name)
                  field.handleBlur()
                  // Leaving an untouched field empty is a problem too, and no change has run the check yet.
                  void field.validate('change')
                },
              }
              return (
                <div className={`contact-form__field${error ? ' contact-form__field--invalid' : ''}`}>
                  <label htmlFor={controlId}>{setup.label}</label>
                  {setup.multiline ? (
                    <textarea {...shared} rows={7} onChange={(event) => change(field.handleChange, event.target.value)} />
                  ) : (
                    <input
                      {...shared}
                      type={setup.type ?? 'text'}
                      autoComplete={setup.autoComplete}
                      onChange={(event) => change(field.handleChange, event.target.value)}
                    />
                  )}
                  {error ? (
                    <p id={errorId} className="contact-form__error">
                      {error}
                    </p>
                  ) : null}
                </div>
              )
            }}
          </form.Field>
        )
      })}
      {notice ? <FormNotice tone="problem">{notice}</FormNotice> : null}
      <button type="submit" className="contact-form__submit" aria-disabled={sending || undefined}>
        {sending ? 'Sending...' : 'Send Message'}
      </button>
      <p role="status" className="contact-form__status">
        {confirmation}
      </p>
    </form>
  )
}
