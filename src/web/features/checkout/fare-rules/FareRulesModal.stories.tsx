import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { StateValueFrom } from 'xstate';
import { fareRules, fareRulesEnglish } from '../../../../contract/fixtures/checkout.ts';
import { fareRulesMachine, type FareRulesContext } from '../../../../../machines/fare-rules.machine.ts';
import { FareRulesModalView } from './FareRulesModalView.tsx';

function rulesIn(value: StateValueFrom<typeof fareRulesMachine>, context: Partial<FareRulesContext> = {}) {
  return fareRulesMachine.resolveState({ value, context: { rules: null, errorMessage: null, ...context } });
}

/** The API words the rules in the page's language: English for the English stories, Spanish for the Spanish ones. */
const withGeneralTerms = fareRulesEnglish.map((rule) => ({
  ...rule,
  sections: [{ title: 'General terms', content: 'Fare subject to availability; changes are made up to 24 hours before the flight.' }, ...rule.sections],
}));
const withGeneralTermsSpanish = fareRules.map((rule) => ({
  ...rule,
  sections: [{ title: 'Condiciones generales', content: 'Tarifa sujeta a disponibilidad; los cambios se hacen hasta 24 horas antes del vuelo.' }, ...rule.sections],
}));

const meta = {
  title: 'Checkout/FareRulesModal',
  component: FareRulesModalView,
  args: { snapshot: rulesIn('closed'), send: fn(), isAgencyEngine: false },
} satisfies Meta<typeof FareRulesModalView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });

export const Closed: Story = {};
export const Loading: Story = { args: { snapshot: rulesIn('loading') } };
export const LoadingSpanish = spanish(Loading);
export const Showing: Story = { args: { snapshot: rulesIn('showing', { rules: withGeneralTerms }) } };
export const ShowingSpanish = spanish({ args: { snapshot: rulesIn('showing', { rules: withGeneralTermsSpanish }) } });
/** Agency engines: no general terms. */
export const ShowingAgency: Story = { args: { snapshot: rulesIn('showing', { rules: withGeneralTerms }), isAgencyEngine: true } };
export const ShowingAgencySpanish = spanish({ args: { snapshot: rulesIn('showing', { rules: withGeneralTermsSpanish }), isAgencyEngine: true } });
export const Failed: Story = { args: { snapshot: rulesIn('failed', { errorMessage: 'Network error' }) } };
export const FailedSpanish = spanish(Failed);
