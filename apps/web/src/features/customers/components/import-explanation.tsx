import { CUSTOMER_IMPORT_COLUMNS, CUSTOMER_IMPORT_REQUIRED_COLUMNS, mayUse } from '@laurel/contract';
import { Anchor, Code, List, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { saveFile } from '@/api/csv-export';
import { useSession } from '@/api/use-session';
import { useClientRecord } from '@/app/console/client-record';
import { planOpensArea } from '@/app/console/plan-access';
import { sampleImportCsv } from '@/features/customers/import-sample';
import { BALANCE_COLUMN_EXAMPLE, IMPORT_COLUMN_HELP, IMPORT_TEXTS } from '@/features/customers/import-texts';
import { currenciesQuery } from '@/features/economy';
import { SectionCard } from '@/ui/section-card';

/** The client's currency codes when the plan has an economy and the user may read it; none otherwise. */
const useCurrencyCodes = () => {
  const user = useSession()?.user;
  const plan = useClientRecord().data?.clientSubscription;
  const readable = planOpensArea(plan, 'WALLET') && mayUse(user, 'WALLET', 'read');
  const currencies = useQuery({ ...currenciesQuery(), enabled: readable, meta: {} });
  return readable ? (currencies.data?.currencies.map((currency) => currency.code) ?? []) : [];
};

/** What the file holds (DESIGN §10) and a sample to start from, built in the browser. */
export const ImportExplanation = () => {
  const codes = useCurrencyCodes();
  const downloadSample = () =>
    saveFile(
      new Blob([sampleImportCsv(codes)], { type: 'text/csv;charset=utf-8' }),
      IMPORT_TEXTS.sampleFileName,
    );
  return (
    <SectionCard
      title="The file"
      description={IMPORT_TEXTS.intro}
      actions={
        <Anchor component="button" type="button" size="sm" onClick={downloadSample}>
          <IconDownload size={14} aria-hidden style={{ verticalAlign: -2, marginRight: 4 }} />
          {IMPORT_TEXTS.sample}
        </Anchor>
      }
    >
      <List size="sm" spacing={6}>
        <List.Item>
          A header row naming the columns, in any order and case.{' '}
          {CUSTOMER_IMPORT_REQUIRED_COLUMNS.map((column, index) => (
            <span key={column}>
              {index > 0 && ' and '}
              <Code>{column}</Code>
            </span>
          ))}{' '}
          are required, and <Code>external_id</Code> or <Code>email</Code>; leave out the columns you do not
          need:
          <List size="sm" spacing={2} mt={4} withPadding>
            {CUSTOMER_IMPORT_COLUMNS.map((column) => (
              <List.Item key={column}>
                <Code>{column}</Code>{' '}
                <Text span size="sm" c="dimmed">
                  {IMPORT_COLUMN_HELP[column]}
                </Text>
              </List.Item>
            ))}
          </List>
        </List.Item>
        <List.Item>
          <Code>{BALANCE_COLUMN_EXAMPLE}</Code>: one column per currency, named by its code
          {codes.length > 0 && (
            <>
              {' '}
              (yours:{' '}
              {codes.map((code, index) => (
                <span key={code}>
                  {index > 0 && ', '}
                  <Code>{`balance:${code}`}</Code>
                </span>
              ))}
              )
            </>
          )}
          , sets the member's opening balance: 0 or more, at most two decimals. It is written to the wallet as
          an <em>Opening Balance</em> transaction.
        </List.Item>
        <List.Item>
          A row updates the customer with the same <Code>external_id</Code>. A row without one, or whose{' '}
          <Code>email</Code> belongs to a customer who has no <Code>external_id</Code> yet, updates the
          customer with that <Code>email</Code>. Otherwise it adds a new customer, unless another customer
          already has its <Code>email</Code>. Importing the same file again changes nothing.
        </List.Item>
        <List.Item>
          <strong>{IMPORT_TEXTS.check}</strong> reads every row and writes nothing;{' '}
          <strong>{IMPORT_TEXTS.run}</strong> writes the valid rows and lists the others with their row
          number, column and message.
        </List.Item>
      </List>
    </SectionCard>
  );
};
