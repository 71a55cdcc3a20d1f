// Entry: builds the shared wizard core once, then renders the app beside the chat widget.
import { createRoot } from 'react-dom/client';
import { createDemo } from '../../shared/demo';
import '../../shared/styles.css';
import { App } from './App';

const demo = createDemo();
const root = document.getElementById('root');
if (root) createRoot(root).render(<App demo={demo} />);
