import type { Meta, StoryObj } from '@storybook/react-vite'
import { AdminLogin } from './AdminLogin.tsx'

const meta = {
  title: 'Admin/AdminLogin',
  component: AdminLogin,
  parameters: { layout: 'fullscreen' },
  args: { busy: false, error: null, onSubmit: () => {} },
} satisfies Meta<typeof AdminLogin>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}
export const DemoPrefilled: Story = { args: { initialEmail: 'admin@resonance.example', initialPassword: 'resonance-demo' } }
export const SigningIn: Story = { args: { initialEmail: 'admin@resonance.example', initialPassword: 'resonance-demo', busy: true } }
export const WrongPassword: Story = { args: { initialEmail: 'admin@resonance.example', error: 'Invalid credentials' } }
export const Throttled: Story = { args: { initialEmail: 'admin@resonance.example', error: 'Too many failed sign-in attempts. Try again in 30 seconds.' } }
export const SignedInWithoutAccess: Story = { args: { initialEmail: 'viewer@resonance.example', error: 'This account cannot use the admin area.', onLogout: () => {} } }
