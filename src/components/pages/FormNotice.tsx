import type { ReactNode } from 'react'
import './FormNotice.css'

export interface FormNoticeProps {
  /** `problem`: the form was not taken (announced at once); `done`: it was, and what happens next. */
  tone: 'problem' | 'done'
  children: ReactNode
}

/** A message about a whole form: why it could not be sent, or what became of it. */
export function FormNotice({ tone, children }: FormNoticeProps) {
  return (
    <p className={`form-notice form-notice--${tone}`} role={tone === 'problem' ? 'alert' : undefined}>
      {children}
    </p>
  )
}
