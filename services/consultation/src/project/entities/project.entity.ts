export { Project } from '../../category/entities/category-project.entity.js';
