import {
  BUTTON_LABELS,
  COMMON_MESSAGES,
  CURRENCY_MESSAGES,
  ECONOMY_API_MESSAGES,
  MAX_CURRENCIES,
  type TCurrency,
  type TUploadResult,
} from '@laurel/contract';
import { Alert, Grid, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSession } from '@/api/use-session';
import {
  currenciesQuery,
  currencyQuery,
  useDeleteCurrency,
  useSaveCurrency,
  useUploadCurrencyIcon,
} from '@/features/economy/api';
import { CurrencyForm, type TCurrencySubmission } from '@/features/economy/components/currency-form';
import { CurrencyList } from '@/features/economy/components/currency-list';
import {
  blankCurrencyValues,
  currencyIconToSave,
  toCurrencyBody,
  valuesOfCurrency,
} from '@/features/economy/currency-form-values';
import { mayCreateIn, mayDeleteIn, mayUpdateIn } from '@/features/economy/economy-rules';
import { ECONOMY_TEXTS } from '@/features/economy/economy-texts';
import { openConfirmModal } from '@/ui/confirm-modal';
import { ReadOnlyNote } from '@/ui/editor-page';
import { openMessageModal } from '@/ui/message-modal';
import { PageLoader } from '@/ui/page-loader';
import { PageHeading } from '@/ui/page-title';

/**
 * `/console/economics/wallet`, 'Manage your Currencies' (spec 3 §2): the currency form beside the list. Editing
 * loads a currency into the form; saving (or deleting it) returns the form to a blank currency. With 10
 * currencies the form shows only for editing one.
 */
export const WalletPage = () => {
  const user = useSession()?.user;
  const list = useQuery(currenciesQuery());
  const upload = useUploadCurrencyIcon();
  const save = useSaveCurrency();
  const remove = useDeleteCurrency();
  // The currency being edited, loaded afresh by its id; none: a new currency.
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const loaded = useQuery({ ...currencyQuery(selectedId ?? ''), enabled: selectedId !== null });
  const selected = selectedId !== null && loaded.data?._id === selectedId ? loaded.data : null;
  // A fresh blank form after each save, even when the last one was blank too.
  const [blankRound, setBlankRound] = useState(0);
  // A file already uploaded is not sent again when the save after it has to be retried.
  const uploads = useRef(new WeakMap<File, TUploadResult>());

  const currencies = list.data?.currencies ?? [];
  const full = currencies.length >= MAX_CURRENCIES;
  const mayWrite = selected ? mayUpdateIn(user, 'WALLET') : mayCreateIn(user, 'WALLET');
  const showForm = list.isSuccess && (selected !== null || !full) && (mayWrite || selected !== null);
  const loadingSelection = selectedId !== null && selected === null && loaded.isFetching;

  // A currency that cannot be loaded leaves the form on a blank currency (the modal says why).
  useEffect(() => {
    if (loaded.isError) setSelectedId(null);
  }, [loaded.isError]);

  const resetSelection = () => {
    setSelectedId(null);
    setBlankRound((round) => round + 1);
  };

  const submit = async ({ values, file }: TCurrencySubmission) => {
    let uploaded: TUploadResult | null = null;
    if (file) {
      uploaded = uploads.current.get(file) ?? null;
      if (!uploaded) {
        try {
          // A failed upload opens 'Something went wrong when uploading your icon!' and the save stops here.
          uploaded = await upload.mutateAsync({ file, currencyName: values.name || values.code });
        } catch {
          return;
        }
        uploads.current.set(file, uploaded);
      }
    }
    save.mutate(
      { id: selected?._id ?? null, body: toCurrencyBody(values, currencyIconToSave(values, uploaded)) },
      {
        onSuccess: () => {
          resetSelection();
          openMessageModal({
            title: COMMON_MESSAGES.successExclaimed,
            message: ECONOMY_API_MESSAGES.currencySaved,
          });
        },
      },
    );
  };

  const confirmDelete = (currency: TCurrency) =>
    openConfirmModal({
      title: CURRENCY_MESSAGES.deleteConfirm,
      text: CURRENCY_MESSAGES.deleteWarning,
      confirmLabel: BUTTON_LABELS.continue,
      onConfirm: () =>
        remove.mutate(currency._id, {
          onSuccess: () => {
            if (selected?._id === currency._id) resetSelection();
            openMessageModal({ title: COMMON_MESSAGES.successExclaimed, message: CURRENCY_MESSAGES.deleted });
          },
        }),
    });

  return (
    <Stack gap="lg">
      <PageHeading title={CURRENCY_MESSAGES.pageTitle} subtitle={ECONOMY_TEXTS.walletSubtitle} />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          {loadingSelection ? (
            <PageLoader label="Loading the currency" />
          ) : showForm ? (
            <CurrencyForm
              key={selected ? `${selected._id}:${selected.updated_at}` : `new:${blankRound}`}
              heading={selected ? ECONOMY_TEXTS.editCurrency(selected.name) : ECONOMY_TEXTS.newCurrency}
              initialValues={selected ? valuesOfCurrency(selected) : blankCurrencyValues()}
              readOnly={!mayWrite}
              submitting={upload.isPending || save.isPending}
              onCancelEdit={selected ? resetSelection : undefined}
              onSubmit={(submission) => void submit(submission)}
            />
          ) : full ? (
            <Alert variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
              {ECONOMY_TEXTS.limitReached}
            </Alert>
          ) : (
            list.isSuccess && <ReadOnlyNote>{ECONOMY_TEXTS.readOnlyNote}</ReadOnlyNote>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <CurrencyList
            currencies={currencies}
            loading={list.isPending}
            selectedId={selectedId}
            canEdit={mayUpdateIn(user, 'WALLET')}
            canDelete={mayDeleteIn(user, 'WALLET')}
            deletingId={remove.isPending ? remove.variables : undefined}
            onEdit={(currency) => setSelectedId(currency._id)}
            onDelete={confirmDelete}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
};
