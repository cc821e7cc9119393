/** The validated `SocialConfig`. */
export const SOCIAL_CONFIG = Symbol('social.config');
/** The `ItemOwners` of every social scope. */
export const ITEM_OWNERS = Symbol('social.item-owners');
