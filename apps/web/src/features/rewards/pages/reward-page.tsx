import { COMMON_MESSAGES, consolePaths, mayUse, REWARD_MESSAGES, type TReward } from '@laurel/contract';
import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useSession } from '@/api/use-session';
import { useClientRecord } from '@/app/console/client-record';
import { currenciesQuery } from '@/features/economy';
import { rewardQuery, useSaveReward, useUploadRewardImage } from '@/features/rewards/api';
import { RewardForm, type TRewardSubmission } from '@/features/rewards/components/reward-form';
import { newRewardValues, toRewardBody, valuesOfReward } from '@/features/rewards/reward-form-values';
import { REWARD_TEXTS } from '@/features/rewards/reward-format';
import { mayCreateRewards, mayUpdateRewards } from '@/features/rewards/reward-rules';
import { segmentsListQuery } from '@/features/segments';
import { BackButton, ReadOnlyNote, useBackToListWhenFailed } from '@/ui/editor-page';
import { openMessageModal } from '@/ui/message-modal';
import { PageLoader } from '@/ui/page-loader';
import { PageTitle } from '@/ui/page-title';
import { mutateSettled } from '@/ui/use-one-at-a-time';

/** Enough for any business's segments; a reward names at most 50. */
const SEGMENT_PAGE = { page: 1, size: 100, search: '' };

const RewardEditor = ({ reward }: { reward: TReward | null }) => {
  const navigate = useNavigate();
  const user = useSession()?.user;
  const client = useClientRecord().data;
  const moneySymbol = client?.currency_symbol ?? 'R';
  // The window's days are the business's (the server stores the start and end of each in its zone), not this
  // browser's: the redemption check judges what the editor shows.
  const timeZone = client?.time_zone;
  // The pickers read the economy's currencies and the segments, which both lists open to REWARDS readers too
  // (their endpoints' `openTo`): a rewards user without the economy's or segments' flags still picks them.
  const readsRewards = mayUse(user, 'REWARDS', 'read');
  const currencies = useQuery({
    ...currenciesQuery(),
    enabled: readsRewards || mayUse(user, 'WALLET', 'read') || mayUse(user, 'CASHBACK', 'read'),
  });
  const segments = useQuery({
    ...segmentsListQuery(SEGMENT_PAGE),
    enabled: readsRewards || mayUse(user, 'SEGMENTS', 'read'),
  });
  const upload = useUploadRewardImage();
  const save = useSaveReward();
  // A file already uploaded is not sent again when the save after it has to be retried.
  const uploads = useRef(new WeakMap<File, string>());
  // Each save starts the form afresh from what the server answered (clearing the edited flag); a pool upload,
  // which also answers the reward, does not, so the upload's answer stays on screen.
  const [saved, setSaved] = useState<{ count: number; reward: TReward } | null>(null);

  const isNew = reward === null;
  const title = isNew ? REWARD_TEXTS.createTitle : REWARD_TEXTS.title(reward.name);
  const readOnly = isNew ? !mayCreateRewards(user) : !mayUpdateRewards(user);

  const currencyOptions = currencies.data?.currencies ?? (reward ? [reward.currency] : []);
  const segmentOptions = (segments.data?.segments ?? []).map((segment) => ({
    value: segment._id,
    label: segment.name,
  }));
  // A reward's own segments stay listed even when the page of segments does not hold them.
  for (const id of reward?.segment_ids ?? [])
    if (!segmentOptions.some((option) => option.value === id)) segmentOptions.push({ value: id, label: id });

  const submit = async ({ values, file }: TRewardSubmission) => {
    let imageUrl = values.image_url;
    if (file) {
      imageUrl = uploads.current.get(file) ?? null;
      if (!imageUrl) {
        try {
          // Only a newly chosen file is uploaded; a failure is shown by the mutation and the save stops here.
          imageUrl = (await upload.mutateAsync({ file, rewardName: values.name })).location;
        } catch {
          return;
        }
        uploads.current.set(file, imageUrl);
      }
    }
    // Settles with the save, so that the form sends nothing more until then (a failure is shown by the mutation).
    await mutateSettled(save, { id: reward?._id ?? null, body: toRewardBody(values, imageUrl) }, (answer) => {
      setSaved((last) => ({ count: (last?.count ?? 0) + 1, reward: answer }));
      // After creating, the reward's own page; Back should not reopen an empty form.
      if (isNew) void navigate(consolePaths.reward(answer._id), { replace: true });
      openMessageModal({
        title: COMMON_MESSAGES.successExclaimed,
        message: isNew ? REWARD_MESSAGES.created : REWARD_MESSAGES.updated,
      });
    });
  };

  // A new reward starts with the client's first currency: its form waits for the list.
  if (isNew && currencies.isLoading) return <PageLoader label="Loading the currencies" />;
  const firstCurrency = currencies.data?.currencies[0]?._id ?? '';

  return (
    <Stack gap="lg">
      <PageTitle title={title} />
      <Stack gap="sm">
        <BackButton to={consolePaths.rewards}>{REWARD_TEXTS.backToRewards}</BackButton>
        <Title order={1} fz="h2">
          {title}
        </Title>
      </Stack>
      {readOnly && (
        <ReadOnlyNote>{isNew ? REWARD_TEXTS.mayNotCreateNote : REWARD_TEXTS.readOnlyNote}</ReadOnlyNote>
      )}
      <RewardForm
        key={reward ? `${reward._id}:${saved?.count ?? 0}` : 'new'}
        initialValues={
          reward ? valuesOfReward(saved?.reward ?? reward, timeZone) : newRewardValues(firstCurrency)
        }
        reward={reward}
        currencies={currencyOptions}
        segments={segmentOptions}
        moneySymbol={moneySymbol}
        readOnly={readOnly}
        submitting={upload.isPending || save.isPending}
        onSubmit={submit}
      />
    </Stack>
  );
};

const ExistingReward = ({ id }: { id: string }) => {
  const reward = useQuery(rewardQuery(id));
  // The form reads its days once, in the business's zone: it waits for the business's record too.
  const client = useClientRecord();
  useBackToListWhenFailed(reward.isError, consolePaths.rewards);
  if (!reward.data || client.isPending) return <PageLoader label="Loading the reward" />;
  return <RewardEditor reward={reward.data} />;
};

/** `/console/reward/{reward_id?}`: 'Create a reward' without an id, 'Reward - {name}' with one. */
export const RewardPage = () => {
  const { reward_id: id } = useParams();
  if (!id) return <RewardEditor reward={null} />;
  return <ExistingReward key={id} id={id} />;
};
