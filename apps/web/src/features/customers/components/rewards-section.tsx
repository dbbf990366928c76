import { ProfileSection } from '@/features/customers/components/profile-section';
import { CustomerRedemptionsTable, RedeemRewardAction } from '@/features/rewards';

/**
 * The profile's Rewards box (DESIGN §10): the customer's redemptions and codes, Redeem reward and Cancel. Loaded
 * only for users who may read rewards on a plan with them, so the profile's first load does not carry it.
 */
export const RewardsSection = ({ customerId, erased }: { customerId: string; erased?: boolean }) => (
  // An erased member (privacy) keeps their redemption history; nobody redeems for them any more.
  <ProfileSection
    title="Rewards"
    actions={erased ? undefined : <RedeemRewardAction customerId={customerId} />}
  >
    <CustomerRedemptionsTable customerId={customerId} erased={erased} />
  </ProfileSection>
);
