export { segmentKeys, segmentsListQuery } from './api';
export { segmentsRoutes } from './routes';
