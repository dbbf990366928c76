/** One stored object: the key is made by the caller (client id, content hash, extension), never by the uploader. */
export type MediaObject = {
  key: string;
  body: Buffer;
  contentType: string;
};

/** Where uploaded images live: a directory served at `/media` by default, an S3-compatible bucket when set. */
export type MediaProvider = {
  name: 'local' | 's3';
  /** Stores the object (the same key always holds the same bytes) and answers its absolute public URL. */
  put: (object: MediaObject) => Promise<{ location: string }>;
};

// Keys are `<client id>/<sha-256>.<ext>`; anything else (a `..`, a slash too many) is a bug, not an upload.
const KEY = /^[a-z0-9]+\/[a-f0-9]{64}\.[a-z]{3,4}$/;

export const assertMediaKey = (key: string) => {
  if (!KEY.test(key)) throw new Error(`invalid media key '${key}'`);
};
