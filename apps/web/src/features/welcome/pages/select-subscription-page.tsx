import { PAYMENT_PLAN_MESSAGES } from '@laurel/contract';
import { NotAvailableYet } from '@/features/welcome/components/not-available-yet';

/** The payment-plan page (spec 1 §2.8) lands here. */
export const SelectSubscriptionPage = () => <NotAvailableYet title={PAYMENT_PLAN_MESSAGES.heading} />;
