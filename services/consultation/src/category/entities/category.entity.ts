export { Category } from './category-project.entity.js';
