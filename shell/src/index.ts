import { startEarlyRequests } from './early';

startEarlyRequests();
// Async boundary: Module Federation negotiates the shared singletons before React is imported.
import('./bootstrap');
