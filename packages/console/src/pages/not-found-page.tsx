import { consolePaths } from '../signed-in/console-paths.js';

export function NotFoundPage() {
  return (
    <>
      <h1>Nothing here</h1>
      <p>
        The console has no page at <code>{location.pathname}</code>. Start from the{' '}
        <a href={consolePaths.home()}>organizations</a>.
      </p>
    </>
  );
}
