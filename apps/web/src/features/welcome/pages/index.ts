export { WelcomeLayout } from '@/features/welcome/components/welcome-layout';
export { CreateClientPage } from './create-client-page';
export { ForgotPasswordPage } from './forgot-password-page';
export { LogInPage } from './log-in-page';
export { ResetPasswordPage } from './reset-password-page';
export { SelectSubscriptionPage } from './select-subscription-page';
