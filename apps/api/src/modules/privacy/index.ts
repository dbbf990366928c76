/**
 * What other areas may use of the privacy area: the registries of a member's data. An area that stores data about
 * members adds its export part and its eraser here (see export-parts.ts and erasers.ts).
 */
export { type Eraser, type ErasureContext, registerEraser } from './erasers';
export { type ExportPart, type PrivacyScope, registerExportPart, tablePart } from './export-parts';
export type { Scrubber } from './personal-data';
