// Package turning finds a review's turning points: the moves where the
// game changed hands, the move that decided it and each player's largest
// missed chances, for games of two to four players alike. It reads a
// review's typed result (package review) and writes nothing else;
// service/jobs calls it once a review's moves are graded and explained.
package turning
