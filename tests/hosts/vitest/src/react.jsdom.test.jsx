import './react.cases.jsx';
