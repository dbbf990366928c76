export { BadgePage } from './badge-page';
export { BadgesPage } from './badges-page';
