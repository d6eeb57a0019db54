import type { Meta, StoryObj } from '@storybook/react-vite'
import { confirmView, contactSentView, subscriptionSentView, unsubscribeView } from '../../content/pages/readerMail.ts'
import { MailLinkPage } from './MailLinkPage.tsx'

const meta = {
  title: 'Reader/MailLinkPage',
  component: MailLinkPage,
  args: { view: confirmView({ token: 'Y29uZmlybS5hYmMuMA.c2lnbmF0dXJl' }) },
} satisfies Meta<typeof MailLinkPage>

export default meta
type Story = StoryObj<typeof meta>

/** Opened from the confirmation email: one button to confirm. */
export const Confirm: Story = {}

export const Confirmed: Story = { args: { view: confirmView({ status: 'confirmed' }) } }

export const Expired: Story = { args: { view: confirmView({ status: 'expired' }) } }

export const Unsubscribe: Story = { args: { view: unsubscribeView({ token: 'dW5zdWJzY3JpYmUuYWJjLjA.c2lnbmF0dXJl' }) } }

export const Unsubscribed: Story = { args: { view: unsubscribeView({ status: 'done' }) } }

export const SignUpSent: Story = { args: { view: subscriptionSentView('sent') } }

/** No SMTP server configured: the page says no email went out. */
export const SignUpHeld: Story = { args: { view: subscriptionSentView('held') } }

export const MessageSent: Story = { args: { view: contactSentView } }
