// Loads the built nodejs package (scripts/build.sh → pkg-node/); GROUNDFACTS_NODE_PKG overrides the path.
'use strict';
const path = require('path');

module.exports = require(process.env.GROUNDFACTS_NODE_PKG || path.join(__dirname, '..', '..', '..', 'pkg-node'));
