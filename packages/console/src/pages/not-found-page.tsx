import { consolePaths } from '../signed-in/console-paths.js';
import { useDocumentTitle } from '../signed-in/page-announcer.js';

export function NotFoundPage() {
  useDocumentTitle('Nothing here');
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
