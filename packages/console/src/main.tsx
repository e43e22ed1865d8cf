/** The console's entry: the smallest script that can show the sign-in page (the SDK loads after it). */
import { render } from 'preact';
import { ConsoleApp } from './console-app.js';

const root = document.getElementById('app');
if (root) {
  root.textContent = '';
  render(<ConsoleApp />, root);
}
