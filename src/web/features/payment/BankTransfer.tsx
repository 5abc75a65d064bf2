import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { BankTransferAccess, BankTransferEvent, bankTransferMachine } from '../../../../machines/bank-transfer.machine.ts';
import { BANK_TRANSFER_SANDBOX_PATH, type TransferAccount } from '../../../contract/bank-transfer.ts';
import type { Language } from '../../../contract/common.ts';
import { formatMoney, US_DOLLARS } from '../../../contract/money.ts';
import { useTracedActorRef } from '../../lib/trace.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { bankTransferLogic } from './bank-transfer-api.ts';

export interface BankTransferViewProps {
  snapshot: SnapshotFrom<typeof bankTransferMachine>;
  send: (event: BankTransferEvent) => void;
  /** The order's total in US$ and its deadline as the page words it (Lima time). */
  total: number;
  timeLimit: string;
  language: Language;
}

function AccountList({ accounts, title }: { accounts: TransferAccount[]; title: string }) {
  const { t } = useLingui();
  if (accounts.length === 0) return null;
  return (
    <section className="payment-order__transfer-accounts" aria-label={title}>
      <h5>{title}</h5>
      <ul className="payment-order__bank-list">
        {accounts.map((account) => (
          <li key={`${account.bank}-${account.accountNumber}`} className="payment-order__bank">
            <dl className="payment-order__details">
              <div>
                <dt>{t`Bank`}</dt>
                <dd>{account.bank}</dd>
              </div>
              <div>
                <dt>{t`Account holder`}</dt>
                <dd>{account.holder}</dd>
              </div>
              <div>
                <dt>{t`Account number`}</dt>
                <dd>{account.accountNumber}</dd>
              </div>
              <div>
                <dt>{t`Interbank code (CCI)`}</dt>
                <dd>{account.interbankCode}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A pending bank-transfer order (130): the accounts to pay into, per currency, with the order code to
 * quote, the amount and the deadline. In the sandbox, a link to the test bank that confirms the transfer.
 */
export function BankTransferView({ snapshot, send, total, timeLimit, language }: BankTransferViewProps) {
  const { t } = useLingui();
  const { orderNumber, token, accounts } = snapshot.context;
  const amount = formatMoney(total, US_DOLLARS, 'detail');
  return (
    <section className="payment-order__banks" aria-labelledby="payment-transfer-title">
      <h4 id="payment-transfer-title">{t`Pay by bank transfer`}</h4>
      <p>{t`Transfer ${amount} to one of these accounts before ${timeLimit} (Lima time), and write the order code ${orderNumber} as the transfer's reference.`}</p>
      <p>{t`Your booking stays pending until the bank confirms the transfer; then we e-mail you the confirmation.`}</p>
      {snapshot.matches('loading') && <Spinner label={t`Loading the bank accounts`} />}
      {snapshot.matches('failed') && (
        <div role="alert">
          <p>{t`The bank accounts could not be loaded.`}</p>
          <Button variant="secondary" onPress={() => send({ type: 'accounts.retry' })}>
            {t`Try again`}
          </Button>
        </div>
      )}
      {snapshot.matches('ready') && (
        <>
          <AccountList title={t`Accounts in US dollars`} accounts={accounts.filter((account) => account.currency === 'USD')} />
          <AccountList title={t`Accounts in soles`} accounts={accounts.filter((account) => account.currency === 'PEN')} />
        </>
      )}
      {token && (
        <p className="payment-order__sandbox">
          <a href={`${BANK_TRANSFER_SANDBOX_PATH}/${orderNumber}?lang=${language}&token=${encodeURIComponent(token)}`}>{t`Sandbox: confirm the transfer at the test bank`}</a>
        </p>
      )}
    </section>
  );
}

export function BankTransfer({ access, total, timeLimit, language }: { access: BankTransferAccess; total: number; timeLimit: string; language: Language }) {
  const actor = useTracedActorRef(bankTransferLogic, { input: access });
  const snapshot = useSelector(actor, (current) => current);
  return <BankTransferView snapshot={snapshot} send={actor.send} total={total} timeLimit={timeLimit} language={language} />;
}
