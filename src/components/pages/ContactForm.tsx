import { useForm, useStore } from '@tanstack/react-form'
import { useId, useRef, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { emptyContactMessage } from '../../content/pages/contact.ts'
import { contactFieldOrder, contactSchema, emailSchema, fullNameSchema, messageSchema, subjectSchema, type ContactFieldName, type ContactMessage } from '../../../shared/readerForms.ts'
import './ContactForm.css'

export interface ContactFormProps {
  /** Receives the trimmed message once it is valid; the form then clears itself and confirms. */
  onSubmit?: (message: ContactMessage) => void
  /** What the fields hold at first (a story of a filled-in form); empty by default. */
  initialValues?: ContactMessage
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

export function ContactForm({ onSubmit, initialValues = emptyContactMessage }: ContactFormProps) {
  const id = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [confirmation, setConfirmation] = useState('')
  const form = useForm({
    defaultValues: initialValues,
    // Without this the form refuses a second submit while errors stand, without checking the
    // untouched fields or moving focus; every submit should show every problem.
    canSubmitWhenInvalid: true,
    onSubmit: ({ value, formApi }) => {
      const message = v.parse(contactSchema, value)
      onSubmit?.(message)
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

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setConfirmation('')
    void form.handleSubmit()
  }

  return (
    <form ref={formRef} className="contact-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
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
              const errorId = `${controlId}-error`
              // Errors wait until the reader has left the field or tried to send, so nobody is told
              // off while still typing; once shown they update as the field changes.
              const error = field.state.meta.isBlurred || submitted ? field.state.meta.errors[0]?.message : undefined
              const shared = {
                id: controlId,
                name,
                value: field.state.value,
                required: true,
                'aria-invalid': error ? true : undefined,
                'aria-describedby': error ? errorId : undefined,
                onBlur: () => {
                  field.handleBlur()
                  // Leaving an untouched field empty is a problem too, and no change has run the check yet.
                  void field.validate('change')
                },
              }
              return (
                <div className={`contact-form__field${error ? ' contact-form__field--invalid' : ''}`}>
                  <label htmlFor={controlId}>{setup.label}</label>
                  {setup.multiline ? (
                    <textarea {...shared} rows={7} onChange={(event) => field.handleChange(event.target.value)} />
                  ) : (
                    <input
                      {...shared}
                      type={setup.type ?? 'text'}
                      autoComplete={setup.autoComplete}
                      onChange={(event) => field.handleChange(event.target.value)}
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
      <button type="submit" className="contact-form__submit">
        Send Message
      </button>
      <p role="status" className="contact-form__status">
        {confirmation}
      </p>
    </form>
  )
}
