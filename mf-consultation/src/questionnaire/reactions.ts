// The like/dislike buttons of the site's social module (the library's reaction UI), reused for the answers
// (social scope `choice`); their texts are in `reactionMessages`.
export { Reactions } from '../../../mf-library/src/social';
