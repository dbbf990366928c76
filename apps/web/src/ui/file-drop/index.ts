export { FileDrop, type TFileDropProps } from './file-drop';
