import { ProfileSection } from '@/features/customers/components/profile-section';
import { CustomerRedemptionsTable, RedeemRewardAction } from '@/features/rewards';

/**
 * The profile's Rewards box (DESIGN §10): the customer's redemptions and codes, Redeem reward and Cancel. Loaded
 * only for users who may read rewards on a plan with them, so the profile's first load does not carry it.
 */
export const RewardsSection = ({ customerId }: { customerId: string }) => (
  <ProfileSection title="Rewards" actions={<RedeemRewardAction customerId={customerId} />}>
    <CustomerRedemptionsTable customerId={customerId} />
  </ProfileSection>
);
