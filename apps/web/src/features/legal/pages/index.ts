export { PrivacyPolicyPage } from './privacy-policy-page';
export { TermsAndConditionsPage } from './terms-and-conditions-page';
