import { createFileRoute } from '@tanstack/react-router'
import { ContactPage } from '../components/pages/ContactPage.tsx'
import { sendContactMessage } from '../content/clients/readerForms.ts'
import { listingHead } from '../content/listings/listings.ts'
import { formValues } from '../content/pages/contact.ts'

export const Route = createFileRoute('/contact')({
  head: ({ match }) =>
    listingHead(match.context.origin, {
      title: 'Contact Us',
      description: 'Write to the Resonance newsroom in London: corrections, story tips, feedback and media enquiries, with our phone, email, address and office hours.',
      path: '/contact',
    }),
  component: Contact,
})

function Contact() {
  // A form the service sent back (posted without JavaScript and not taken): show it again as typed.
  const { submission } = Route.useRouteContext()
  const sentBack = submission?.form === 'contact' ? submission : null
  return (
    <ContactPage
      onSubmit={sendContactMessage}
      initialValues={sentBack ? formValues(sentBack.values) : undefined}
      initialErrors={sentBack?.errors}
      initialNotice={sentBack?.notice}
    />
  )
}
