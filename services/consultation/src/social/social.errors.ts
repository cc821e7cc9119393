import { AppError } from '@agora/common';

export const SocialErrors = {
  unknownScope: () => AppError.notFound('unknown social scope', 'SOCIAL.UNKNOWN_SCOPE'),
  itemNotFound: () => AppError.notFound('item not found', 'SOCIAL.ITEM_NOT_FOUND'),
  owner: () => AppError.forbidden('owners cannot react to their own items', 'SOCIAL.OWNER'),
  alreadyReacted: () =>
    AppError.conflict('SOCIAL.ALREADY_REACTED', 'remove your reaction before choosing the opposite one'),
  ownerUnavailable: (service: string) =>
    new AppError('SOCIAL.OWNER_UNAVAILABLE', 503, `the ${service} service cannot tell who owns the item`),
};
