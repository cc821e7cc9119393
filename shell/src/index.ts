import { startEarlyRequests } from './early';
import { registerServiceWorker } from './offline/register';

startEarlyRequests();
// Async boundary: Module Federation negotiates the shared singletons before React is imported.
import('./bootstrap');
// After the page's load event: the offline copy of the shell and the questionnaire (decision 0091).
registerServiceWorker();
