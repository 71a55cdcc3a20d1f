// Loads the built package (scripts/build.sh → pkg/) through its node entry (`require` of the folder
// reads package.json `main`, the CommonJS entry groundfacts.cjs); GROUNDFACTS_NODE_PKG overrides the path.
'use strict';
const path = require('path');

module.exports = require(process.env.GROUNDFACTS_NODE_PKG || path.join(__dirname, '..', '..', '..', 'pkg'));
