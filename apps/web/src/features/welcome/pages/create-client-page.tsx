import { SIGN_UP_MESSAGES } from '@laurel/contract';
import { NotAvailableYet } from '@/features/welcome/components/not-available-yet';

/** The create-client wizard (spec 1 §2.8) lands here. */
export const CreateClientPage = () => <NotAvailableYet title={SIGN_UP_MESSAGES.heading} />;
