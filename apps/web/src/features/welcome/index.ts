export { brandingForHost, DEFAULT_BRANDING, type TBranding } from './branding';
export { welcomeRoutes } from './routes';
