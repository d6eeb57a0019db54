import { createFileRoute } from '@tanstack/react-router'
import { ContactPage } from '../components/pages/ContactPage.tsx'
import { formValues } from '../content/pages/contact.ts'
import { ContactForm } from './-forms/ContactForm.island.tsx'

export const Route = createFileRoute('/contact')({
  // The head's module loads when it is first written, outside the reader's first download (decision 018).
  head: async ({ match }) =>
    (await import('../content/listings/head.ts')).listingHead(match.context.origin, {
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
      form={sentBack ? <ContactForm initialValues={formValues(sentBack.values)} initialErrors={sentBack.errors} initialNotice={sentBack.notice} /> : <ContactForm />}
    />
  )
}
