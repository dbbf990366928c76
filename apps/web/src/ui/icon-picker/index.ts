export type { TLibraryIcon } from './icon-library';
export { IconPicker, type TIconChoice, type TIconPickerProps } from './icon-picker';
export { IconSvg, LibraryIcon } from './library-icon';
export { loadIconLibrary, useIconLibrary } from './use-icon-library';
