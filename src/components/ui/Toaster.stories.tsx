import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { Toaster, type ToastView } from './Toaster.tsx'

// The texts are the product's own (docs/product-spec.md §3 and §6).
const success: ToastView = { id: 'saved', kind: 'success', title: 'Success', description: 'Article created successfully.', open: true }
const error: ToastView = { id: 'failed', kind: 'error', title: 'Error', description: 'Insert disabled - using a hosted content service as backend', open: true }
const blank: ToastView = { id: 'note', kind: 'blank', title: 'Item deleted successfully!', open: true }
const loading: ToastView = { id: 'saving', kind: 'loading', title: 'Saving article', open: true }

const meta = {
  title: 'Admin/Toaster',
  component: Toaster,
  parameters: { layout: 'fullscreen' },
  args: { toasts: [success], onDismiss: fn() },
} satisfies Meta<typeof Toaster>

export default meta
type Story = StoryObj<typeof meta>

export const Success: Story = {}
export const ErrorToast: Story = { name: 'Error', args: { toasts: [error] } }
export const Blank: Story = { args: { toasts: [blank] } }
/** Stays until the screen that opened it settles it; the reader cannot close it. */
export const Loading: Story = { args: { toasts: [loading] } }
export const LoginSuccessful: Story = { args: { toasts: [{ id: 'login', kind: 'success', title: 'Login Successful!', open: true }] } }
export const Several: Story = { args: { toasts: [success, error, blank, loading] } }
export const None: Story = { args: { toasts: [] } }
