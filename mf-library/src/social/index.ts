export { Reactions, socialPath, type ReactionsProps } from './Reactions';
