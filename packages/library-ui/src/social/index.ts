export { Reactions, type ReactionsProps } from './Reactions';
