import type { ApiInit, ApiMethod, ApiOperation, ApiPaths, ApiPathsWith } from '@agora/contracts';

/** The JSON body that `method` of `path` takes, as the service's document describes it. */
export type JsonBodyOf<M extends ApiMethod, P extends ApiPathsWith<ApiPaths, M>> = Exclude<
  ApiInit<ApiOperation<ApiPaths, P, M>>['body'],
  FormData | undefined
>;
