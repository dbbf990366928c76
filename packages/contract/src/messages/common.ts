/** Titles and texts shared by every area (spec 1 §8, spec 2 §8, spec 3 §8, DESIGN §7). */
export const COMMON_MESSAGES = {
  somethingWentWrong: 'Something went wrong!',
  oops: 'Oops!',
  /** Success titles: each screen uses the one its spec gives. */
  success: 'Success',
  successEllipsis: 'Success...',
  successExclaimed: 'Success!',
  pleaseWait: 'Please Wait...',
  /** The shared request-error title; its wording is not in the spec. */
  requestError: 'Something went wrong with your request!',
  validationError: 'Validation Error',
  correctErrors: 'Please correct the following errors.',
  /** The badge and reward track validation modals put a colon before the list. */
  correctErrorsColon: 'Please correct the following errors: ',
  tableEmpty: 'This table is empty.',
  unknownError: 'Unknown error occurred',
  invalidImageFile: 'Invalid image file',
  uploadImageFailed: 'Something went wrong when uploading your image!',
  uploadImagesFailed:
    "Something went wrong when uploading your images. Please ensure they're images and try again.",
  uploadIconFailed: 'Something went wrong when uploading your icon!',
  fetchProductsFailed: 'Something went wrong fetching products!',
  fetchProductsByCategoryFailed: 'Something went wrong fetching products by category list!',
  getCategoriesFailed: 'Something went wrong when getting categories!',
  loading: 'Loading...',
} as const;

/** Too large an image for a file box with a size limit. */
export const imageDimensionsMessage = (maxWidth: number, maxHeight: number) =>
  `Image dimensions must be less than or equal to ${maxWidth}x${maxHeight}`;

/** The upgrade prompt for a feature outside the client's plan (spec 1 §2.3, typo fixed per DESIGN §7). */
export const UPGRADE_MESSAGES = {
  prompt: 'Please upgrade your subscription to access this feature',
  cancel: 'Cancel',
  confirm: 'Yes, Continue',
} as const;

/** Button captions used across the console. */
export const BUTTON_LABELS = {
  cancel: 'Cancel',
  continue: 'Continue',
  proceed: 'Proceed',
  done: 'Done',
  remove: 'Remove',
  save: 'Save',
  submit: 'Submit',
  next: 'Next',
  back: 'Back',
  edit: 'Edit',
  create: 'Create',
  update: 'Update',
  reset: 'Reset',
  exportCsv: 'Export CSV',
  logOut: 'Log Out',
  myAccount: 'My Account',
  bugsAndFeedback: 'Bugs & Feedback',
  backToTop: 'Back to top',
} as const;

/** Table footer texts (spec 1 §9). */
export const TABLE_TEXTS = {
  previous: 'Previous',
  next: 'Next',
  allItemsSelected: 'All items selected',
} as const;
export const selectionCountText = (selected: number, total: number) => `${selected} of ${total} selected`;
