import { shellConfig } from '../scripts/rspack.common.mjs';

export default shellConfig();
