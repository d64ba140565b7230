package app

// Abandon lets go of the journal's lock without removing it, as the end of
// a killed process does.
func (j *Journal) Abandon() { j.unlock() }
