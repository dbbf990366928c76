import { Button } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useSession } from '@/api/use-session';
import { COUPON_TEXTS } from '@/features/rewards/coupon-api';
import { mayUpdateRewards } from '@/features/rewards/reward-rules';
import { TransactionReportPage } from '@/features/transactions/pages/transaction-report-page';
import { lazyComponent, MountWhen } from '@/ui/lazy-component';
import { useActionDialog } from '@/ui/use-action-dialog';

// Opened by its button: the dialog loads then, not with the report.
const AcceptCouponDialog = lazyComponent(
  () => import('@/features/rewards/components/accept-coupon-dialog'),
  'AcceptCouponDialog',
);

const ACTION = 'accept-coupon';

/** Accept Coupon, for users who may update rewards (the till's acceptance is an update of the redemption). */
const AcceptCouponAction = () => {
  const user = useSession()?.user;
  const dialog = useActionDialog(ACTION);
  if (!mayUpdateRewards(user)) return null;
  return (
    <>
      <Button leftSection={<IconTicket size={18} aria-hidden />} onClick={dialog.open}>
        {COUPON_TEXTS.action}
      </Button>
      <MountWhen when={dialog.opened}>
        <AcceptCouponDialog opened={dialog.opened} onClose={dialog.close} />
      </MountWhen>
    </>
  );
};

/** The rewards' Redemptions report (DESIGN §10) on the reports' framework, with Accept Coupon beside Export CSV. */
export const RedemptionsReportPage = () => (
  <TransactionReportPage kind="redemptions" extraActions={<AcceptCouponAction />} />
);
