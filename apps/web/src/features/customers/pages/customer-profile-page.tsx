import { consolePaths, isId, mayUse, type TCustomer } from '@laurel/contract';
import { Alert, Avatar, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconBuildingStore, IconCalendar, IconId } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useSession } from '@/api/use-session';
import { useClientRecord } from '@/app/console/client-record';
import { planOpensArea } from '@/app/console/plan-access';
import { customerQuery, loyaltyQuery } from '@/features/customers/api';
import { AddressesSection } from '@/features/customers/components/addresses-section';
import { LoyaltyDetailsSection } from '@/features/customers/components/loyalty-details-section';
import { PaymentMethodsSection } from '@/features/customers/components/payment-methods-section';
import { PersonalInfoSection } from '@/features/customers/components/personal-info-section';
import { AnalyticsPanel, ProfileTiles } from '@/features/customers/components/profile-overview';
import { ProfileSection } from '@/features/customers/components/profile-section';
import { StatisticsSection } from '@/features/customers/components/statistics-section';
import { displayDate } from '@/features/customers/customer-format';
import { mayAddCustomers, mayEditCustomers } from '@/features/customers/customer-rules';
import { WalletBalanceTile, WalletHistory } from '@/features/economy';
import { CustomerProgression } from '@/features/reward-tracks';
import { lazyComponent, MountWhen } from '@/ui/lazy-component';
import { BackNavButton } from '@/ui/nav-button';
import { PageLoader } from '@/ui/page-loader';
import { PageTitle } from '@/ui/page-title';
import { StatusChip } from '@/ui/status-chip';
import classes from './customer-profile-page.module.css';

/** The profile's tables (orders, baskets, subscriptions…) sit below its fold: loaded just after its first paint. */
const ProfileTables = lazyComponent(
  () => import('@/features/customers/components/profile-tables'),
  'ProfileTables',
);

// Opened from the profile's buttons (or a link): their Modals and fields load then.
const LoyaltySignUpModal = lazyComponent(
  () => import('@/features/customers/components/loyalty-sign-up-modal'),
  'LoyaltySignUpModal',
);
const AddAddressModal = lazyComponent(
  () => import('@/features/customers/components/add-address-modal'),
  'AddAddressModal',
);
const EraseCustomerModal = lazyComponent(
  () => import('@/features/customers/components/erase-customer-modal'),
  'EraseCustomerModal',
);
// At the foot of the profile: its box and the data download load just after the page (not in its first load).
const PrivacySection = lazyComponent(
  () => import('@/features/customers/components/privacy-section'),
  'PrivacySection',
);
// Only for users who may read rewards on a plan with them: its table and actions load then.
const RewardsSection = lazyComponent(
  () => import('@/features/customers/components/rewards-section'),
  'RewardsSection',
);

type TProfileAction = 'loyalty-sign-up' | 'add-address' | 'erase';

/** `?action=…` opens the profile's dialogs, so Back closes them and a link can open them. */
const useProfileDialog = () => {
  const [params, setParams] = useSearchParams();
  const action = params.get('action');
  const set = (next: TProfileAction | null) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set('action', next);
        else updated.delete('action');
        return updated;
      },
      { replace: next === null },
    );
  return { isOpen: (name: TProfileAction) => action === name, open: set, close: () => set(null) };
};

/** Spec 1 §2.11: 'A back button to the customers list' (a button's role, not a link's). */
const BackToCustomers = () => <BackNavButton to={consolePaths.customers}>Back to Customers</BackNavButton>;

type THeaderProps = { customer: TCustomer; showSetUpLoyalty: boolean; onSetUpLoyalty: () => void };

const UserDetails = ({ customer, showSetUpLoyalty, onSetUpLoyalty }: THeaderProps) => (
  <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
    <Group justify="space-between" align="center" gap="md">
      <Group gap="md" wrap="nowrap">
        <Avatar size={56} radius="xl" color="yellow" aria-hidden>
          {`${customer.name.charAt(0)}${customer.surname.charAt(0)}`.toUpperCase()}
        </Avatar>
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} fz="h2">
              {customer.name} {customer.surname}
            </Title>
            <StatusChip status={customer.status} />
          </Group>
          <Group gap="lg" c="dimmed">
            <Group gap={4}>
              <IconCalendar size={14} aria-hidden />
              <Text size="sm">Member since {displayDate(customer.member_date)}</Text>
            </Group>
            <Group gap={4}>
              <IconBuildingStore size={14} aria-hidden />
              <Text size="sm">{customer.member_branch?.display_name ?? 'No branch'}</Text>
            </Group>
          </Group>
        </Stack>
      </Group>
      {showSetUpLoyalty && (
        <Button leftSection={<IconId size={18} aria-hidden />} onClick={onSetUpLoyalty}>
          {/* Spec 1 §2.11's words verbatim ('set up loyalty'); the first letter is capitalised by CSS only. */}
          <span className={classes.sentenceCase}>set up loyalty</span>
        </Button>
      )}
    </Group>
  </Paper>
);

const CustomerProfile = ({ id }: { id: string }) => {
  const user = useSession()?.user;
  const client = useClientRecord().data;
  const symbol = client?.currency_symbol ?? 'R';
  const showRewards = planOpensArea(client?.clientSubscription, 'REWARDS') && mayUse(user, 'REWARDS', 'read');
  const customer = useQuery(customerQuery(id));
  // Asked once the customer is there: for one who cannot be loaded the page says so once, not again in a modal.
  const loyalty = useQuery({ ...loyaltyQuery(id), enabled: customer.isSuccess });
  const dialog = useProfileDialog();
  // An erased member is final: nothing on the profile changes them any more.
  const erased = customer.data?.status === 'ERASED';
  const mayErase = mayUse(user, 'CUSTOMERS', 'delete');
  const canEdit = mayEditCustomers(user) && !erased;

  if (customer.isPending) return <PageLoader label="Loading the customer" />;
  if (!customer.data)
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle size={18} aria-hidden />}
        title="This customer could not be loaded"
      >
        {customer.error?.message}
      </Alert>
    );
  const data = customer.data;

  return (
    <Stack gap="lg">
      <PageTitle title={`${data.name} ${data.surname}`} />
      <UserDetails
        customer={data}
        showSetUpLoyalty={loyalty.isSuccess && loyalty.data === null && mayAddCustomers(user) && !erased}
        onSetUpLoyalty={() => dialog.open('loyalty-sign-up')}
      />
      <CustomerProgression customerId={id} />
      <ProfileTiles walletBalance={<WalletBalanceTile customerId={id} closed={erased} />} customerId={id} />
      <ProfileSection title="Wallet History">
        <WalletHistory customerId={id} />
      </ProfileSection>
      <AnalyticsPanel customerId={id} currencySymbol={symbol} />
      <StatisticsSection customerId={id} currencySymbol={symbol} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <PersonalInfoSection customer={data} canEdit={canEdit} onReload={() => void customer.refetch()} />
        {loyalty.data && <LoyaltyDetailsSection loyalty={loyalty.data} canEdit={canEdit} />}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <AddressesSection customerId={id} canEdit={canEdit} onAdd={() => dialog.open('add-address')} />
        <PaymentMethodsSection customerId={id} />
      </SimpleGrid>
      <MountWhen when={showRewards}>
        <RewardsSection customerId={id} erased={erased} />
      </MountWhen>
      <Suspense fallback={<Skeleton height={320} />}>
        <ProfileTables customerId={id} currencySymbol={symbol} erased={erased} />
      </Suspense>
      <MountWhen when>
        <PrivacySection customer={data} canErase={mayErase} onErase={() => dialog.open('erase')} />
      </MountWhen>
      <MountWhen when={dialog.isOpen('loyalty-sign-up') && loyalty.data === null}>
        <LoyaltySignUpModal
          customer={data}
          opened={dialog.isOpen('loyalty-sign-up') && loyalty.data === null}
          onClose={dialog.close}
        />
      </MountWhen>
      {/* Only for users who may erase: `?action=erase` in a shared link opens nothing for the others. */}
      <MountWhen when={dialog.isOpen('erase') && !erased && mayErase}>
        <EraseCustomerModal
          customer={data}
          opened={dialog.isOpen('erase') && !erased && mayErase}
          onClose={dialog.close}
        />
      </MountWhen>
      <MountWhen when={dialog.isOpen('add-address')}>
        <AddAddressModal customerId={id} opened={dialog.isOpen('add-address')} onClose={dialog.close} />
      </MountWhen>
    </Stack>
  );
};

/**
 * `/console/customers/customer-profile/:id` (spec 1 §2.11). An id that is not 24 hexadecimal characters loads
 * nothing: a warning is logged and only the way back is shown.
 */
export const CustomerProfilePage = () => {
  const { id = '' } = useParams();
  const valid = isId(id);
  useEffect(() => {
    if (!valid) console.warn(`Customer profile not loaded: '${id}' is not a 24-character hexadecimal id.`);
  }, [id, valid]);
  return (
    <Stack gap="md">
      <BackToCustomers />
      {valid && <CustomerProfile key={id} id={id} />}
    </Stack>
  );
};
