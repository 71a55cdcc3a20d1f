import './svelte.cases.js';
