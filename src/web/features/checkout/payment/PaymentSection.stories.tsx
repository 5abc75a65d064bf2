import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Temporal } from 'temporal-polyfill';
import { checkoutPaymentMethods } from '../../../../contract/checkout-policy.ts';
import { mockEngine } from '../../../mocks/handlers.ts';
import { PaymentSectionView } from './PaymentSection.tsx';

const today = '2026-11-21';
const peru = mockEngine('9132868');
const offerFor = (total: number, airline = 'LA', startDate = '2026-12-18') =>
  checkoutPaymentMethods(peru.id, peru.paymentMethods, { systemProviderCode: 100, validatingAirline: airline, startDate, today, total });

const meta = {
  title: 'Checkout/PaymentSection',
  component: PaymentSectionView,
  args: {
    offer: offerFor(641.69),
    selectedCode: 102,
    onSelect: fn(),
    onCardChange: fn(),
    total: 641.69,
    isAgencyView: false,
    today: Temporal.PlainDate.from(today),
  },
} satisfies Meta<typeof PaymentSectionView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });
const mobile = (story: Story): Story => ({ ...story, globals: { ...story.globals, viewport: { value: 'mobile1', isRotated: false } } });

/** 9132868 defaults to PagoEfectivo; above US$ 500 no Yape (and no split payment: Divídelo is not offered). */
export const CashDeposit: Story = {};
export const CashDepositSpanish = spanish(CashDeposit);
export const CashDepositMobile = mobile(spanish(CashDeposit));
export const Card: Story = { args: { selectedCode: 120 } };
export const CardSpanish = spanish(Card);
export const CardMobile = mobile(Card);
/** After a submit every card field shows its message. */
export const CardAllErrors: Story = { args: { selectedCode: 120, showAllErrors: true, paymentIssue: 'incomplete' } };
export const CardAllErrorsSpanish = spanish(CardAllErrors);
/** The gateway declined the card: 'Su orden de pago no pudo ser procesada', the reason, and another card. */
export const CardDeclined: Story = { args: { selectedCode: 120, cardDeclined: 'issuerDeclined', paymentIssue: 'declined', showAllErrors: true } };
export const CardDeclinedSpanish = spanish(CardDeclined);
export const CardInsufficientFunds: Story = { args: { selectedCode: 120, cardDeclined: 'insufficientFunds' } };
export const CardInsufficientFundsSpanish = spanish(CardInsufficientFunds);
/** Cuotéalo BCP shows its minimum purchase on its tile, and refuses a total below it. */
export const CuotealoBelowMinimum: Story = { args: { offer: offerFor(25), total: 25, selectedCode: 137, paymentIssue: 'belowMinimum' } };
export const CuotealoBelowMinimumSpanish = spanish(CuotealoBelowMinimum);
export const TarjetaOh: Story = { args: { selectedCode: 122 } };
export const TarjetaOhSpanish = spanish(TarjetaOh);
/** The Scotiabank card (123) opens with its lookup (spec 2 §7): checking, accepted (the card form), refused (why), no answer (try again). */
export const ScotiabankChecking: Story = { args: { selectedCode: 123, scotiabank: { status: 'checking' } } };
export const ScotiabankCheckingSpanish = spanish(ScotiabankChecking);
export const ScotiabankAccepted: Story = { args: { selectedCode: 123, scotiabank: { status: 'answered', lookup: { reservable: true, refusal: null } } } };
export const ScotiabankRefused: Story = { args: { selectedCode: 123, scotiabank: { status: 'answered', lookup: { reservable: false, refusal: 'DEPARTURE_TOO_SOON' } } } };
export const ScotiabankRefusedSpanish = spanish(ScotiabankRefused);
export const ScotiabankRefusedOutsidePeruMobile = mobile(spanish({ args: { selectedCode: 123, scotiabank: { status: 'answered', lookup: { reservable: false, refusal: 'ORIGIN_OUTSIDE_PERU' } } } }));
export const ScotiabankUnreachable: Story = { args: { selectedCode: 123, scotiabank: { status: 'unreachable' }, onScotiabankRetry: fn() } };
export const ScotiabankUnreachableSpanish = spanish(ScotiabankUnreachable);
/** A submit while the bank has not answered. */
export const ScotiabankUnchecked: Story = { args: { selectedCode: 123, scotiabank: { status: 'checking' }, paymentIssue: 'scotiabankUnchecked' } };
export const InterbankCard: Story = { args: { selectedCode: 104 } };
export const InterbankCardSpanish = spanish(InterbankCard);
/** Where only a real Niubiz is configured (no card vault): Interbank's card is typed after booking, in Niubiz's form. */
export const InterbankCardWithoutVault: Story = { args: { selectedCode: 104, cardVault: false } };
export const InterbankCardWithoutVaultSpanish = spanish(InterbankCardWithoutVault);
export const SafetyPayRedirect: Story = { args: { selectedCode: 105 } };
export const SafetyPayRedirectSpanish = spanish(SafetyPayRedirect);
/** Below US$ 500: cash within 6 hours, and Yape. */
export const CashWithYape: Story = { args: { offer: offerFor(320), total: 320, selectedCode: 103 } };
export const CashWithYapeSpanish = spanish(CashWithYape);
/** Agencies never read the cash text. */
export const CashAgency: Story = { args: { selectedCode: 103, isAgencyView: true } };
export const ACuotazInSoles: Story = { args: { selectedCode: 125, exchangeRate: { date: '2026-11-20', from: 'USD', to: 'PEN', rate: 3.7512 } } };
export const ACuotazInSolesSpanish = spanish(ACuotazInSoles);
export const BankTransfer: Story = { args: { selectedCode: 130 } };
/** Air Europa fare leaving in 2 days: no Banco Ripley, no bank transfer. */
export const WithoutRipleyAndTransfer: Story = { args: { offer: offerFor(641.69, 'UX', '2026-11-23'), selectedCode: 120 } };
