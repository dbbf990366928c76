import { PaymentPlan } from '@/features/welcome/components/payment-plan';

/** `/welcome/select-subscription`: where a client awaiting its first plan is sent (spec 1 §2.3, §4). */
export const SelectSubscriptionPage = () => <PaymentPlan />;
