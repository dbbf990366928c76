import { z } from 'zod';

/** Data types of configurable schema fields (spec 1 §9). */
export const ZSchemaFieldDataType = z.enum([
  'String',
  'Number',
  'Boolean',
  'Date',
  'Integer',
  'Array',
  'Object',
]);
export type TSchemaFieldDataType = z.infer<typeof ZSchemaFieldDataType>;
export const SCHEMA_FIELD_DATA_TYPES = ZSchemaFieldDataType.options;
