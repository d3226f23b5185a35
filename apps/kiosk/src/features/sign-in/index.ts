// The sign-in feature's entry: the app shell opens its route for the Sign in and Sign out buttons.
export { SignInRoute, type SignInRouteProps } from './components/sign-in-route';
