// Package srs schedules the reviews of cards with FSRS, the Free Spaced
// Repetition Scheduler published by open-spaced-repetition: version 5 of
// its algorithm with its nineteen default parameters (Params.W), a desired
// retention of 0.9 and the long-term scheduler, in which every review sets
// the card's next due date a whole number of days ahead. A card's memory is
// two numbers, its stability (the days after which it is recalled with
// probability 0.9) and its difficulty (1 to 10); a review graded Again,
// Hard, Good or Easy updates both and the interval follows from them. The
// formulas, the parameters and the worked example the tests check are in
// docs/training.md.
package srs
