// Entry: builds the shared wizard core once, then mounts the app beside the chat widget.
import { mount } from 'svelte';
import { createDemo } from '../../shared/demo';
import '../../shared/styles.css';
import App from './App.svelte';

const demo = createDemo();
const target = document.getElementById('app');
if (target) mount(App, { target, props: { demo } });
