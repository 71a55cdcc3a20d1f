// The typed errors the package throws, as real JS Error subclasses (so instanceof, name, stack and
// message behave as JS developers expect). src/js/errors.rs constructs them; the package entry
// re-exports them.

export class GraphValidationError extends Error {
  constructor(message, code) { super(message); this.name = 'GraphValidationError'; this.code = code; }
}
export class ReentrancyError extends Error {
  constructor(message, code) { super(message); this.name = 'ReentrancyError'; this.code = code; }
}
export class SessionError extends Error {
  constructor(message, code) { super(message); this.name = 'SessionError'; this.code = code; }
}
