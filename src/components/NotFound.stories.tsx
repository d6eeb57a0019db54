import type { Meta, StoryObj } from '@storybook/react-vite'
import { NotFound } from './NotFound.tsx'

const meta = { title: 'Reader/NotFound', component: NotFound } satisfies Meta<typeof NotFound>

export default meta
export const Default: StoryObj<typeof meta> = {}
