export {
  UPLOAD_CANCELED,
  UploadCanceledError,
  uploadWithProgress,
  type UploadOptions,
} from './uploadWithProgress';
export { UploadProgressModal, type UploadProgressModalProps } from './UploadProgressModal';
