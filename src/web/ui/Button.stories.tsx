import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLingui } from '@lingui/react/macro';
import { Button, type ButtonProps } from './Button.tsx';

/** The label is a translated message, so the language toolbar switches it. */
function TranslatedButton(props: Omit<ButtonProps, 'children'>) {
  const { t } = useLingui();
  return <Button {...props}>{t`Accept`}</Button>;
}

const meta = {
  title: 'UI/Button',
  component: TranslatedButton,
  parameters: { layout: 'padded' },
  args: { variant: 'primary' },
} satisfies Meta<typeof TranslatedButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const Secondary: Story = { args: { variant: 'secondary' } };
export const Submit: Story = { args: { variant: 'submit' } };
export const Disabled: Story = { args: { isDisabled: true } };
export const Spanish: Story = { globals: { locale: 'es' } };
