/**
 * What the shell provides to every app under the shared keys `react-router` and `react-router-dom`: the
 * declarative (component) API of React Router, from its production build. A shared module cannot be tree-shaken
 * by usage across separately built remotes, and the whole package weighs about 59 KiB gzip; this subset weighs a
 * fraction of it. One instance serves the shell and all remotes, so router context is shared.
 *
 * Apps keep importing from 'react-router-dom' (or 'react-router') as usual. An export missing here would be
 * `undefined` at run time: `react-router.test.ts` checks that everything the apps import is listed.
 */
export {
  BrowserRouter,
  createBrowserRouter,
  RouterProvider,
  Router,
  Routes,
  Route,
  Navigate,
  Outlet,
  Link,
  NavLink,
  createSearchParams,
  createPath,
  createRoutesFromChildren,
  createRoutesFromElements,
  generatePath,
  matchPath,
  matchRoutes,
  parsePath,
  resolvePath,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useBlocker,
  useSearchParams,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  UNSAFE_DataRouterContext,
} from '@agora/react-router-impl';
