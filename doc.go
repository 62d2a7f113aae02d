// Package wallzero holds what every layer of the service shares: the one
// error type (Error, with a Code the API maps to an HTTP status in one
// place). It imports only the engine, so that every service package and
// the api can import it without cycles.
package wallzero
