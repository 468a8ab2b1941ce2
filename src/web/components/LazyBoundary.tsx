import { Component, type ReactNode } from 'react';

/**
 * Around a part loaded on demand (a dialog): if its code cannot be loaded (a dropped
 * connection), `onError` says so and the part is left out, instead of the error taking
 * the whole screen down.
 */
export class LazyBoundary extends Component<
  { children: ReactNode; onError: () => void },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
    this.props.onError();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
