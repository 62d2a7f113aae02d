// Package drills schedules a player's puzzles by spaced repetition: the
// FSRS algorithm (Free Spaced Repetition Scheduler, version 5, as
// published by the open-spaced-repetition project), in its long-term form
// (whole days, no learning steps). A card's memory is its stability (the
// days until recall falls to 90%) and difficulty (1..10); each answer
// (again, hard, good, easy) updates both and sets the next due date.
package drills
