export {
  UPLOAD_CANCELED,
  UploadCanceledError,
  uploadTarget,
  uploadWithProgress,
  type UploadMethod,
  type UploadOptions,
  type UploadTarget,
} from './uploadWithProgress';
export { UploadProgressModal, type UploadProgressModalProps } from './UploadProgressModal';
