export {
  RemoteMultiPicker,
  RemotePicker,
  type TRemoteMultiPickerProps,
  type TRemotePickerProps,
} from './remote-picker';
export type { TFetchPickerPage, TPickerOption, TPickerPage } from './use-remote-options';
