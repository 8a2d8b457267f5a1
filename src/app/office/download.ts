/** Downloads live once, in `services/download`; kept for the print modules' imports. */
export { downloadBytes, fileBytes } from '../services/download';
