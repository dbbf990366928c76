import { type TUploadCategory, type TUploadResult, uploadFile } from '@laurel/contract';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';

/**
 * `POST /api/upload/upload` with the media token (spec 1 §7): the text fields first, then the file, so that a
 * streaming multipart reader has them when the file arrives. Answers the stored file's absolute location and etag.
 */
export const uploadImage = async ({
  file,
  category,
  description,
}: {
  file: File;
  category: TUploadCategory;
  description: string;
}): Promise<TUploadResult> => {
  const form = new FormData();
  form.append('name', file.name);
  form.append('description', description);
  form.append('type', 'IMAGE');
  form.append('category', category);
  form.append('file', file, file.name);
  return unwrap(await http.call(uploadFile, { body: form })).content;
};
