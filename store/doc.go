// Package store is the only package that speaks SQL. It keeps the
// analysis cache and the job rows in PostgreSQL through a pgx/v5 pool,
// applies the schema (migrations/ and River's own) and runs the River job
// queue on the same database: jobs are inserted in the transaction that
// stores their row, and worker clients pick them up in any process.
package store
