import { useId } from 'react'
import { contactDetails, officeHours, telHref } from '../../content/pages/contact.ts'
import './ContactDetails.css'

/** How to reach the newsroom other than the form: email, phone, address, hours and the press office. */
export function ContactDetails() {
  const id = useId()
  return (
    <div className="contact-details">
      <section className="contact-details__block" aria-labelledby={`${id}-reach`}>
        <h2 id={`${id}-reach`}>Get in touch</h2>
        <dl className="contact-details__list">
          <div>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${contactDetails.email}`}>{contactDetails.email}</a>
            </dd>
          </div>
          <div>
            <dt>News tips</dt>
            <dd>
              <a href={`mailto:${contactDetails.newsdeskEmail}`}>{contactDetails.newsdeskEmail}</a>
            </dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>
              <a href={telHref(contactDetails.phone)}>{contactDetails.phone}</a>
            </dd>
          </div>
          <div>
            <dt>Address</dt>
            <dd>
              <address>
                {contactDetails.address.map((line) => (
                  <span key={line} className="contact-details__line">
                    {line}
                  </span>
                ))}
              </address>
            </dd>
          </div>
        </dl>
      </section>

      <section className="contact-details__block" aria-labelledby={`${id}-hours`}>
        <h2 id={`${id}-hours`}>Office hours</h2>
        <ul className="contact-details__hours">
          {officeHours.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      <section className="contact-details__block contact-details__press" aria-labelledby={`${id}-press`}>
        <h2 id={`${id}-press`}>Media enquiries</h2>
        <p>
          Journalists and broadcasters can reach our press office on{' '}
          <a href={telHref(contactDetails.pressPhone)}>{contactDetails.pressPhone}</a> or at{' '}
          <a href={`mailto:${contactDetails.pressEmail}`}>{contactDetails.pressEmail}</a>. We aim to reply the same
          working day.
        </p>
      </section>
    </div>
  )
}
