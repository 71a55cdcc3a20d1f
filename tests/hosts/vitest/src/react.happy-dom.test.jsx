// @vitest-environment happy-dom
import './react.cases.jsx';
