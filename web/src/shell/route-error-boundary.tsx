import { Component, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router';

type Props = { fallback: ComponentType<{ error: unknown }>; children: ReactNode };
type BoundaryProps = Props & { pathname: string };
type State = { error: unknown; pathname: string } | null;

class Boundary extends Component<BoundaryProps, { caught: State }> {
  override state: { caught: State } = { caught: null };

  static getDerivedStateFromError(error: unknown) {
    return { caught: { error, pathname: '' } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { caught: State }) {
    if (!state.caught) return null;
    // Remember where it broke; moving to another screen clears the error.
    if (state.caught.pathname === '') return { caught: { ...state.caught, pathname: props.pathname } };
    return state.caught.pathname === props.pathname ? null : { caught: null };
  }

  override render() {
    const { caught } = this.state;
    if (!caught) return this.props.children;
    const Fallback = this.props.fallback;
    return <Fallback error={caught.error} />;
  }
}

/** What the data router's `ErrorBoundary` did for a route: catch a screen's error and show `fallback`. */
export function RouteErrorBoundary({ fallback, children }: Props) {
  const { pathname } = useLocation();
  return (
    <Boundary fallback={fallback} pathname={pathname}>
      {children}
    </Boundary>
  );
}
