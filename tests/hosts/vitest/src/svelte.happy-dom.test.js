// @vitest-environment happy-dom
import './svelte.cases.js';
