// The line many wasm packages ask SSR apps to add; groundfacts must work with and without it.
export default { ssr: { noExternal: ['groundfacts'] } };
