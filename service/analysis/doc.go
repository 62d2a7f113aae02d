// Package analysis analyses positions: the query and its limits and
// search options (with their validation), the Analyzer that replays a
// record and searches, the analysis result types and their symmetry, the
// explanations of single analyses, and the cache policy (Cached) over the
// Cache store interface declared here. It imports the engine, search and
// inference layers, store's record types and the wallzero error type;
// admission reaches it through the Admission interface it declares.
package analysis
