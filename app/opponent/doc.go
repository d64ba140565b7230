// Package opponent plays chess against a person through any UCI engine, at
// ten levels from a beginner's (about 600) to the engine's full strength
// (design.md §8): the level table, what each level needs of the engine,
// the weakening of levels 1–8 (a search to a fixed depth, a
// choice among the top moves weighted by their scores, occasional
// blunders, all drawn from a seeded random source), and the engine's
// thinking time from the clocks. It has no widgets and knows nothing of
// the session: app drives it.
package opponent
