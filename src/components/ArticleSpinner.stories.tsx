import type { Meta, StoryObj } from '@storybook/react-vite'
import { ArticleSpinner } from './ArticleSpinner.tsx'

const meta = {
  title: 'Reader/ArticleSpinner',
  component: ArticleSpinner,
} satisfies Meta<typeof ArticleSpinner>

export default meta
export const Loading: StoryObj<typeof meta> = {}
